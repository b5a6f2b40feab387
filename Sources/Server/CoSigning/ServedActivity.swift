import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Storage

/// A served Safe's activity since its creation, with its transfers described.
struct ServedActivity: Sendable {
    let activity: SafeChainActivity
    /// Oldest first.
    let transfers: [ServedTransfer]

    /// The activity up to the chain's head: read once per head (`PerHeadCache`), so paging
    /// through a listing does not read the Safe's whole history again for every page. What is not
    /// a Safe is refused.
    static func read(_ safe: Address, store: CoSigningStore) async throws -> ServedActivity {
        _ = try await store.safe(safe)
        // The head's hash, not only its number: a reorganisation at the same height is a new head.
        guard let head = try await store.chain.remote.block(.latest) else { throw NetworkError.invalidResponse("the node has no latest block") }
        return try await store.activities.value(of: safe, head: head.hash) { try await read(safe, to: head.number, store: store) }
    }

    /// Reads it from the chain: the creation block (searched once per Safe), then
    /// `SafeChainActivity` to `head`, then the tokens' metadata in one batch.
    private static func read(_ safe: Address, to head: BigUInt, store: CoSigningStore) async throws -> ServedActivity {
        let remote = store.chain.remote
        // A node that cannot search old state makes the read start at the genesis block.
        let start = (try? await store.creationBlock(of: safe)) ?? nil
        let activity = try await SafeChainActivity.read(safe, remote: remote, from: start ?? 0, to: head)
        // A `Transfer` with its token ID as a fourth topic is an ERC-721's, which has no decimals.
        let collectibles = Set(activity.tokenTransfers.filter { $0.topics.count == 4 }.map(\.address))
        let metadata = try await TokenMetadata.read(Array(Set(activity.tokenTransfers.map(\.address))), collectibles: collectibles, remote: remote)
        return ServedActivity(activity: activity, transfers: ServedTransfer.all(in: activity, metadata: metadata))
    }

    /// The executions, oldest first, each with the transfers of its transaction.
    var executions: [ServedExecution] {
        let byHash = Dictionary(grouping: transfers) { $0.transactionHash }
        return activity.executions.map {
            ServedExecution(execution: $0, date: activity.date(of: $0.log.blockNumber), transfers: byHash[$0.log.transactionHash ?? []] ?? [])
        }
    }
}


/// An execution on a served Safe, by its owners or a module, with its block's time and the
/// transfers its transaction made.
public struct ServedExecution: Sendable {
    public let execution: SafeChainActivity.Execution
    public let date: Date
    public let transfers: [ServedTransfer]
    /// `i` + the carrier's hash + the execution log's index: unique and stable.
    public var id: String {
        "i\(Hex.encode(execution.log.transactionHash ?? []).dropFirst(2))\(execution.log.logIndex ?? 0)"
    }
}
