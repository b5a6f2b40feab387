import BigInt
import Foundation
import SafeKit
import Storage

/// Follows an existing Safe: reads it in one batch and stores it.
public struct AddSafe: SafeAction {
    public let address: Address
    public let name: String?
    public let chain: ChainSelection
    public init(address: Address, name: String?, chain: ChainSelection) {
        self.address = address
        self.name = name
        self.chain = chain
    }
    public func perform(on store: SafeStore) async throws -> SafeState {
        let chain = try await store.connector.connect(self.chain)
        return try await store.refresh(address, chain: chain, name: name, follow: true)
    }
}

/// The Safe's current state, read fresh from the chain (and stored when followed).
public struct SafeInfoQuery: SafeAction {
    public let address: Address
    public let chain: ChainSelection
    public init(address: Address, chain: ChainSelection) {
        self.address = address
        self.chain = chain
    }
    public func perform(on store: SafeStore) async throws -> SafeState {
        try await store.refresh(address, chain: try store.connector.connect(chain))
    }
}

/// Followed Safes as last read, without touching the network.
public struct ListSafes: SafeAction {
    public init() {}
    public func perform(on store: SafeStore) async throws -> [Safe] { try await store.storage.safes() }
}

/// Followed Safes as a live query: the current list, then each change, whoever wrote it.
public struct ObserveSafes: SafeAction {
    public init() {}
    public func perform(on store: SafeStore) async throws -> ResultsController<Safe> { store.storage.observeSafes() }
}
