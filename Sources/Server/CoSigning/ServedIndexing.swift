import BigInt
import Foundation
import Networking
import Services

/// How far the follower has read the chain, as the official service reports its indexers: the
/// block before the next it will read (none read: block 0), and synced when that is within
/// `reorgDepth` of the head.
public struct ServedIndexing: CoSigningAction {
    public let reorgDepth: Int
    public init(reorgDepth: Int) { self.reorgDepth = reorgDepth }

    public func perform(on store: CoSigningStore) async throws -> ServiceWireIndexingStatus {
        let remote = store.chain.remote
        guard let head = try await remote.block(.latest) else { throw NetworkError.invalidResponse("the node has no latest block") }
        let followed = try await store.storage.followedBlock(chainID: try await store.chainID()) ?? 0
        let read = min(followed, head.number)
        guard let readBlock = read == head.number ? head : try await remote.block(.number(read)) else {
            throw NetworkError.invalidResponse("the node has no block \(read)")
        }
        func date(_ block: Block) -> Date { Date(timeIntervalSince1970: TimeInterval(block.timestamp)) }
        return ServiceWireIndexingStatus(current: (head.number, date(head)), read: (read, date(readBlock)),
                                         synced: head.number - read <= BigUInt(reorgDepth))
    }
}
