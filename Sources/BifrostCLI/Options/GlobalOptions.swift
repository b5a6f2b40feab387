import ArgumentParser
import Foundation
import Services

/// Options every command accepts, even those that do not use them yet, so scripts can pass them uniformly.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Bifrost's data directory.", discussion: "Defaults to $BIFROST_HOME, else $XDG_DATA_HOME/bifrost, else ~/.local/share/bifrost.", valueName: "dir"))
    var home: String?

    @Option(name: .customLong("rpc-url"), help: ArgumentHelp("JSON-RPC endpoint of an Ethereum node (env BIFROST_RPC_URL).", valueName: "url"))
    var rpcURL: String?

    @Option(name: .long, help: ArgumentHelp("Named network to use (env BIFROST_NETWORK).", valueName: "name"))
    var network: String?

    @Flag(name: .long, help: "Print exactly one JSON object on stdout instead of text.")
    var json = false

    var output: Output { Output(json: json) }

    /// The chain these options and the environment select (`--rpc-url`/`BIFROST_RPC_URL`,
    /// `--network`/`BIFROST_NETWORK`, else the current network).
    var chain: ChainSelection {
        let env = ProcessInfo.processInfo.environment
        return ChainSelection(rpcURL: rpcURL ?? env["BIFROST_RPC_URL"].flatMap { $0.isEmpty ? nil : $0 },
                              networkName: network ?? env["BIFROST_NETWORK"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The data directory these options and the environment select.
    var bifrostHome: BifrostHome { BifrostHome.resolve(explicit: home) }

    /// The live services for the selected home. `BIFROST_INSECURE_LIGHT_KDF=1` makes new keystore
    /// files cheap to unlock, for tests and demos only.
    func services() throws -> AppServices {
        let light = ProcessInfo.processInfo.environment["BIFROST_INSECURE_LIGHT_KDF"] == "1"
        return try AppServices.open(home: bifrostHome, lightKDF: light)
    }
}
