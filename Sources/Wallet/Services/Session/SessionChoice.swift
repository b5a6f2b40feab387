import Foundation
import Storage

/// What a front end was told about where to work: its own options first, then the environment.
/// Every front end resolves the home and the chain through this one type, so they all agree.
public struct SessionChoice: Sendable, Equatable {
    /// The data directory the front end was given (`--home` on the command line).
    public var home: String?
    /// The JSON-RPC URL the front end was given.
    public var rpcURL: String?
    /// The network name the front end was given.
    public var network: String?
    /// The fiat currency the front end was given (`--fiat`).
    public var fiat: String?
    /// Where the Ledger is, as the front end was given it (`--ledger`): `hid` or `tcp:HOST:PORT`.
    public var ledger: String?
    /// The process environment, read for what the options leave open.
    public var environment: [String: String]

    /// A choice from explicit values and an environment (the process's by default).
    public init(home: String? = nil, rpcURL: String? = nil, network: String? = nil, fiat: String? = nil, ledger: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.ledger = ledger
        self.home = home
        self.rpcURL = rpcURL
        self.network = network
        self.fiat = fiat
        self.environment = environment
    }

    /// The home: the explicit one, else `$BIFROST_HOME`, else `$XDG_DATA_HOME/bifrost`, else
    /// `~/.local/share/bifrost`.
    public var bifrostHome: BifrostHome { BifrostHome.resolve(explicit: home, environment: environment) }

    /// The chain: an explicit URL or `$BIFROST_RPC_URL`, a network name or `$BIFROST_NETWORK`;
    /// neither means the current network. An empty variable counts as unset.
    public var chain: ChainSelection {
        ChainSelection(rpcURL: rpcURL ?? variable("BIFROST_RPC_URL"), networkName: network ?? variable("BIFROST_NETWORK"))
    }

    /// The fiat currency values are shown in: the explicit one, else `$BIFROST_FIAT`, else usd; lowercase.
    public var currency: String { (fiat.flatMap { $0.isEmpty ? nil : $0 } ?? variable("BIFROST_FIAT") ?? "usd").lowercased() }

    /// Where the Ledger is: the explicit place, else `$BIFROST_LEDGER`; nil means USB. Read only
    /// when a key on a Ledger signs, so a mistyped value never stops anything else.
    public var ledgerEndpoint: String? { ledger.flatMap { $0.isEmpty ? nil : $0 } ?? variable("BIFROST_LEDGER") }

    /// `BIFROST_INSECURE_LIGHT_KDF=1` makes new keystore files cheap to unlock: for tests and demos only.
    public var lightKDF: Bool { environment["BIFROST_INSECURE_LIGHT_KDF"] == "1" }

    private func variable(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
