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

        With --counterfactual nothing is sent and no key is needed: the address is computed and \
        the Safe is stored as "not deployed", with the factory, singleton, setup and salt that \
        deploy it. It can receive funds, and transactions can be proposed and signed for it \
        (nonce 0 first); its first 'safe execute' deploys it and runs the transaction in one \
        Ethereum transaction through MultiSendCallOnly.

        Examples:
          bifrost safe create --key alice --owners 0xf39F…2266,0x7099…79C8,0x3C44…93BC --threshold 2 --wait
          bifrost safe create --key alice --owners 0xf39F…2266 --threshold 1 --safe-version 1.3.0 --wait
          bifrost safe create --counterfactual --owners 0xf39F…2266,0x7099…79C8 --threshold 2 --name treasury
        """
    )

    @Option(help: "The vault key that pays for the deployment (it need not be an owner); not with --counterfactual.")
    var key: String?
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
    @Flag(help: "Send nothing: compute the address and store the Safe as not deployed; its first execution deploys it.")
    var counterfactual = false
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if counterfactual {
            if key != nil { throw ValidationError("--counterfactual sends nothing, so it takes no --key") }
            if wait { throw ValidationError("--counterfactual sends nothing, so there is nothing to --wait for") }
        } else if key == nil {
            throw ValidationError("--key names the vault key that pays for the deployment (or use --counterfactual to deploy later)")
        }
    }

    func run() async throws {
        let ownerList = owners.addresses
        let t = threshold.value
        let saltNonce = salt?.value ?? BigUInt(UInt64.random(in: 0...UInt64.max))
        let services = try global.services()
        guard let key else {
            let state = try await services.dispatcher.dispatch(CreateCounterfactualSafe(
                owners: ownerList, threshold: t, saltNonce: saltNonce, version: safeVersion?.version, name: self.name, chain: global.chain))
            return try global.output.emit(view: CounterfactualSafeView(state))
        }
        let name = key, passwords = password, json = global.json
        let result = try await services.dispatcher.dispatch(DeploySafe(
            keyName: key, owners: ownerList, threshold: t, saltNonce: saltNonce, version: safeVersion?.version, name: self.name, chain: global.chain, wait: wait,
            password: { try passwords.unlock(name) }, progress: { if !json { SendCommand.report($0) } }))
        try global.output.emit(view: SafeDeploymentView(result, saltNonce: saltNonce))
    }
}
