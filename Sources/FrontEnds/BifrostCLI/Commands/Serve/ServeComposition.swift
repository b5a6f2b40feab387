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
                 stateMaxAge: Duration = .seconds(15)) async throws -> CoSigningStore {
        let storage: any CoSigningStorage = inMemory ? try SQLiteCoSigningStorage() : try await (database ?? defaultCoSigningDatabase).open()
        let store = CoSigningStore(storage: storage, chain: try await connect(selection), stateMaxAge: stateMaxAge)
        _ = try await store.dispatch(ServedChainID())
        return store
    }
}
