import CoSigning
import CoSigningTestSupport
import Services

extension AppServices {
    /// A co-signing store for `selection`'s chain over a fresh storage of `backend`, so a route
    /// test on the local chain runs on SQLite and on PostgreSQL alike.
    func serving(_ backend: CoSigningBackend, chain selection: ChainSelection) async throws -> CoSigningStore {
        let store = CoSigningStore(storage: try await backend.makeStorage(), chain: try await connect(selection))
        _ = try await store.dispatch(ServedChainID())
        return store
    }
}
