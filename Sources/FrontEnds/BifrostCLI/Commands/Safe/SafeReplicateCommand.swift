import ArgumentParser
import Services

/// `bifrost safe replicate`.
struct SafeReplicateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replicate",
        abstract: "Deploy a Safe on another network at the same address, with the setup it was created with.",
        discussion: """
        The Safe's creation is read on its own network (--network or --rpc-url): the proxy factory \
        call, its singleton, setup call and salt nonce. The same call is sent to the same factory on \
        --to-network, after checking that the factory, the singleton and the contracts the setup \
        names have the same code there, that the address is still free, and that the factory would \
        deploy to the Safe's address. The replica is then followed on that network.

        Refused, with the reason, where that cannot give the same Safe: a creation that did not call \
        the factory directly, a chain-specific salt (createChainSpecificProxyWithNonce), missing or \
        other contracts on the target, or owners or threshold changed since creation (the original \
        setup would be replayed, not the current owners).

        Examples:
          bifrost safe replicate 0x6925…4899 --network mainnet --to-network gnosis --dry-run
          bifrost safe replicate 0x6925…4899 --network mainnet --to-network gnosis --key alice --wait
        """
    )
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @Option(help: ArgumentHelp("The network to deploy it on.", valueName: "name"))
    var toNetwork: String
    @Option(help: "The vault key that pays for the deployment (it need not be an owner).")
    var key: String?
    @Flag(help: "Check and print the deployment; send nothing.")
    var dryRun = false
    @Flag(help: "Wait until it is deployed, then follow it.")
    var wait = false
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if dryRun, key != nil { throw ValidationError("--dry-run sends nothing, so it takes no --key") }
        if !dryRun, key == nil { throw ValidationError("--key names the vault key that pays for the deployment (or use --dry-run)") }
    }

    func run() async throws {
        let services = try global.services()
        let name = key ?? "", passwords = password, json = global.json
        if !json { Console.current.progress("Reading the Safe's creation and both networks…") }
        let result = try await services.dispatcher.dispatch(ReplicateSafe(
            safe: safe.address, source: global.chain, target: ChainSelection(networkName: toNetwork), keyName: key, wait: wait,
            password: { try passwords.unlock(name) }, progress: { if !json { SendCommand.report($0) } }))
        try global.output.emit(view: SafeReplicationView(result))
    }
}
