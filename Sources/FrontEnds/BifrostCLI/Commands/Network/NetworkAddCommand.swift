import ArgumentParser
import Services

/// `bifrost network add`.
struct NetworkAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a network; without --chain-id the node (or the deployments file) is asked.",
        discussion: """
        The first network added becomes the current one. A deployments file is JSON like the one \
        'scripts/devnet start' writes: {"chainId": 31337, "contracts": {"safeSingleton": "0x…", …}}; \
        an unknown entry or a malformed address refuses the file. When the node answers, its chain ID \
        must match --chain-id and the file's. An existing name is refused unless --replace is given.

        Examples:
          bifrost network add devnet --rpc-url http://127.0.0.1:8545 --deployments .devnet/deployments.json
          bifrost network add sepolia --rpc-url https://sepolia.example.org --chain-id 11155111
          bifrost network add public --rpc-url https://rpc.example.org --max-batch 10 --max-log-range 2000

        Whatever the settings, a node that refuses a batch or a block range gets it in smaller pieces,         and reads are retried on HTTP 429/502/503/504, lost connections and timeouts (within 30 s,         honouring Retry-After); a broadcast is sent again only if the node does not know its hash.
        """
    )

    @Argument(help: "Name for the network.")
    var name: String
    @Option(name: .customLong("chain-id"), help: "Expected chain ID; signing is refused when the node disagrees.")
    var chainID: QuantityValue?
    @Option(help: ArgumentHelp("A deployments JSON file with contract addresses.", valueName: "file"))
    var deployments: String?
    @Flag(help: "Replace an existing network of the same name (its contract addresses are replaced too).")
    var replace = false
    @Option(name: .customLong("max-batch"), help: ArgumentHelp("The most calls the node takes in one JSON-RPC batch (larger batches are split).", valueName: "n"))
    var maxBatch: Int?
    @Option(name: .customLong("max-log-range"), help: ArgumentHelp("The widest eth_getLogs block range the node takes.", valueName: "blocks"))
    var maxLogRange: Int?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let maxBatch, maxBatch < 1 { throw ValidationError("--max-batch must be 1 or more") }
        if let maxLogRange, maxLogRange < 1 { throw ValidationError("--max-log-range must be 1 or more") }
    }

    func run() async throws {
        guard let url = global.rpcURL else { throw ValidationError("--rpc-url URL is required") }
        let file = try deployments.map { try Input.file($0, option: "--deployments") }
        let add = AddNetwork(name: name, rpcURL: url, chainID: chainID?.value, deployments: file, replace: replace,
                             limits: RPCLimits(maxBatch: maxBatch, maxLogRange: maxLogRange))
        let network: ChainNetwork
        do { network = try await global.services().dispatcher.dispatch(add) } catch let e as NetworkDefinitionError {
            switch e {
            case .nameTaken: throw InputError(option: "NAME", reason: "\(e); pass --replace to change it")
            case .chainIDDisagrees: throw InputError(option: "--chain-id", reason: e.description)
            case .nodeDisagrees: throw InputError(option: "--rpc-url", reason: e.description)
            }
        } catch let e as DeploymentsFileError {
            throw InputError(option: "--deployments", reason: e.description)
        }
        if global.json { try global.output.emit(view: NetworkView(network)) } else {
            Console.current.out("Added network '\(UntrustedText.visible(network.name))': chain \(network.chainID) at \(CredentialMask.url(network.rpcURL))")
        }
    }
}
