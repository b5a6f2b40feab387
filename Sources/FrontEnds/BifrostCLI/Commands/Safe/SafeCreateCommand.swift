import ArgumentParser
import BigInt
import Services

/// `bifrost safe create`.
struct SafeCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Deploy a new Safe through the proxy factory, paid by a vault key.",
        discussion: """
        The address is predicted (CREATE2) before anything is sent, and deployment is refused if a \
        contract is already there. Factory, singleton and fallback handler of the release chosen \
        with --safe-version (default: the network's, 1.4.1 unless its deployments file says \
        otherwise) come from the network's deployments file, else the canonical addresses of that \
        release. The singleton must report that release. With --wait the new Safe is followed.

        Examples:
          bifrost safe create --key alice --owners 0xf39F…2266,0x7099…79C8,0x3C44…93BC --threshold 2 --wait
          bifrost safe create --key alice --owners 0xf39F…2266 --threshold 1 --safe-version 1.3.0 --wait
        """
    )

    @Option(help: "The vault key that pays for the deployment (it need not be an owner).")
    var key: String
    @Option(help: ArgumentHelp("Comma-separated owner addresses.", valueName: "A,B,C"))
    var owners: AddressListValue
    @Option(help: "How many owners must sign each transaction.")
    var threshold: QuantityValue
    @Option(help: "Salt nonce for the CREATE2 address (default: random).")
    var salt: QuantityValue?
    @Option(help: ArgumentHelp("The Safe release: 1.3.0, 1.4.1 or 1.5.0 (default: the network's, usually 1.4.1).", valueName: "VERSION"))
    var safeVersion: DeployableSafeVersion?
    @Option(help: "A local name for the new Safe.")
    var name: String?
    @Flag(help: "Wait until it is deployed, then follow it.")
    var wait = false
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let ownerList = owners.addresses
        let t = threshold.value
        let saltNonce = salt?.value ?? BigUInt(UInt64.random(in: 0...UInt64.max))
        let services = try global.services()
        let name = key, passwords = password, json = global.json
        let result = try await services.dispatcher.dispatch(DeploySafe(
            keyName: key, owners: ownerList, threshold: t, saltNonce: saltNonce, version: safeVersion?.version, name: self.name, chain: global.chain, wait: wait,
            password: { try passwords.unlock(name) }, progress: { if !json { SendCommand.report($0) } }))
        try global.output.emit(view: SafeDeploymentView(result, saltNonce: saltNonce))
    }
}
