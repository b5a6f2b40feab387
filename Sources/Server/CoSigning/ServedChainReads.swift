import EthereumKit
import Services
import Storage

/// The served Safes that have `module` enabled, by address, as each was last read from the chain
/// (the store's cache age): the official service's `modules/{address}/safes/`.
public struct ServedSafesWithModule: CoSigningAction {
    public let module: Address
    public init(module: Address) { self.module = module }
    public func perform(on store: CoSigningStore) async throws -> [Address] {
        let served = try await store.storage.servedSafes(chainID: try await store.chainID())
        // Each Safe is read at most once per cache age; the reads of a cold cache go out together.
        let enabled = try await withThrowingTaskGroup(of: Address?.self) { group in
            for safe in served {
                group.addTask { try await store.safe(safe.address).safe.modules.contains(module) ? safe.address : nil }
            }
            return try await group.reduce(into: [Address]()) { if let address = $1 { $0.append(address) } }
        }
        return enabled.sorted()
    }
}

/// How a Safe was created, read from the chain's logs (`SafeCreationQuery`); nil when it cannot be found.
public struct ServedSafeCreation: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: CoSigningStore) async throws -> SafeCreation? {
        // No creation block means no code: nothing to search for a second time.
        guard let block = try await store.creationBlock(of: safe) else { return nil }
        return try await SafeCreationQuery.read(safe, remote: store.chain.remote, found: block)
    }
}
