import ArgumentParser
import BigInt
import Foundation
import Services

/// Options every command accepts, even those that do not use them yet, so scripts can pass them uniformly.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Bifrost's data directory.", discussion: "Defaults to $BIFROST_HOME, else $XDG_DATA_HOME/bifrost, else ~/.local/share/bifrost.", valueName: "dir"))
    var home: String?

    @Option(name: .customLong("rpc-url"), help: ArgumentHelp("JSON-RPC endpoint of an Ethereum node (env BIFROST_RPC_URL).", valueName: "url"))
    var rpcURL: String?

    @Option(name: .customLong("network"), help: ArgumentHelp("Named network to use (env BIFROST_NETWORK); `serve` takes it more than once to serve several.",
                                            valueName: "name"))
    var networks: [String] = []

    /// The network named last, as a single-valued option reads.
    var network: String? { networks.last }

    @Option(name: .long, help: ArgumentHelp("Where a Ledger key's device is: hid (USB, the default) or tcp:HOST:PORT for the speculos emulator (env BIFROST_LEDGER).",
                                            valueName: "place"))
    var ledger: String?

    @Flag(name: .long, help: "Print exactly one JSON object on stdout instead of text.")
    var json = false

    @Flag(name: .long, help: "Print only the result: no hints, no progress (warnings and errors still go to stderr).")
    var quiet = false

    var output: Output { Output(json: json) }

    /// What these options and the environment choose; Services resolves it the same way for every front end.
    var choice: SessionChoice { SessionChoice(home: home, rpcURL: rpcURL, network: network, ledger: ledger) }

    /// The chain these options and the environment select.
    var chain: ChainSelection { choice.chain }

    /// The data directory these options and the environment select.
    var bifrostHome: BifrostHome { choice.bifrostHome }

    /// The session these options choose, with its services open; what the key store tells a
    /// person goes to standard error.
    func session() throws -> Session {
        try Session.open(choice, keyNotices: KeyNoticeWording.console, devicePrompts: DevicePromptWording.console)
    }

    /// The names this home knows addresses on `chainID` by; none when they cannot be read, since
    /// names only help a person read a result.
    func names(_ services: AppServices, chainID: BigUInt?) async -> AddressNames {
        (try? await services.dispatcher.dispatch(AddressNamesQuery(chainID: chainID))) ?? AddressNames()
    }

    /// The live services of `session()`.
    func services() throws -> AppServices { try session().services }
}
