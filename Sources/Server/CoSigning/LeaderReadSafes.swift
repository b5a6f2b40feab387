import CoSigningStorage
import EthereumKit
import Foundation

/// Keeps a standby server's Safe cache as fresh as the leader's. Only the server that follows the
/// chain sees a Safe's logs and drops its cached owners, threshold and nonce; it then stores the
/// Safe as read again. A server that does not lead looks at those stored reads every time it tries
/// to lead, and drops from its own cache each Safe read again since its last look, so it does not
/// answer from owners or a nonce the chain has left behind.
public actor LeaderReadSafes {
    private var seen: [Address: Date]?

    public init() {}

    /// Drops from `store`'s cache the Safes stored anew since the last call (none on the first);
    /// answers how many.
    @discardableResult
    public func follow(_ store: CoSigningStore) async throws -> Int {
        let stored = try await store.storage.servedSafes(chainID: try await store.chainID())
        let now = Dictionary(stored.map { ($0.address, $0.readAt) }, uniquingKeysWith: { $1 })
        defer { seen = now }
        guard let seen else { return 0 }
        var dropped = 0
        for (address, readAt) in now where seen[address] != readAt {
            await store.cache.forget(address)
            dropped += 1
        }
        return dropped
    }
}
