import BifrostServer
import CoSigning
import CoSigningSQLite
import CoSigningStorage
import Services

/// `bifrost serve`'s composition root, as hummingbird-examples' `App+build.swift` is: the storage
/// picked at start-up (`CoSigningDatabase`), and the co-signing store over it for one chain. The
/// application that serves the store, with the follower and the webhook deliverer as its services,
/// is `CoSigningServer`'s.
extension AppServices {
    /// Where a co-signing server keeps its data unless told: `serve.sqlite` in the home.
    var defaultCoSigningDatabase: CoSigningDatabase { .sqlite(path: home.url.appendingPathComponent("serve.sqlite").path) }

    /// The co-signing store for the chain `selection` names, keeping its data in `database`
    /// (default `defaultCoSigningDatabase`), or in memory with `inMemory`, reading a Safe again
    /// after `stateMaxAge` at most; the node is asked its chain ID once here, so a wrong network
    /// fails at start.
    func serving(database: CoSigningDatabase? = nil, inMemory: Bool = false, chain selection: ChainSelection,
                 stateMaxAge: Duration = .seconds(15), policy: SafeProposalPolicy = .strict) async throws -> CoSigningStore {
        try await serving(database: database, inMemory: inMemory, chains: [selection], stateMaxAge: stateMaxAge, policy: policy).first.store
    }

    /// The chains `selections` name, served from one database (their rows keyed by chain), each
    /// with its own store and Safe cache, taking the proposals `policy` lets through; the first is
    /// the default for paths that name no chain.
    func serving(database: CoSigningDatabase? = nil, inMemory: Bool = false, chains selections: [ChainSelection],
                 stateMaxAge: Duration = .seconds(15), policy: SafeProposalPolicy = .strict) async throws -> ServedChains {
        let storage: any CoSigningStorage = inMemory ? try SQLiteCoSigningStorage() : try await (database ?? defaultCoSigningDatabase).open()
        var chains: [ServedChain] = []
        for selection in selections {
            chains.append(try await ServedChain.of(CoSigningStore(storage: storage, chain: try await connect(selection), stateMaxAge: stateMaxAge,
                                                                    policy: policy)))
        }
        do { return try ServedChains(chains) } catch { throw InputError(option: "--network", reason: error.description) }
    }
}
