import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Storage

/// A served Safe's activity since its creation, with its transfers described.
struct ServedActivity {
    let activity: SafeChainActivity
    /// Oldest first.
    let transfers: [ServedTransfer]

    /// Reads it from the chain: the creation block (searched once per Safe), then
    /// `SafeChainActivity` to the head, then the tokens' metadata in one batch. What is not a Safe is refused.
    static func read(_ safe: Address, store: CoSigningStore) async throws -> ServedActivity {
        _ = try await store.safe(safe)
        let remote = store.chain.remote
        // A node that cannot search old state makes the read start at the genesis block.
        let start = (try? await store.creationBlock(of: safe)) ?? nil
        let activity = try await SafeChainActivity.read(safe, remote: remote, from: start ?? 0, to: try await remote.blockNumber())
        let tokens = Array(Set(activity.tokenTransfers.map(\.address)))
        let answers = tokens.isEmpty ? [] : try await remote.batch(tokens.flatMap(TokenMetadata.requests))
        var metadata: [Address: TokenMetadata] = [:]
        for (i, token) in tokens.enumerated() { metadata[token] = try? TokenMetadata.decode(token, answers[(3 * i)..<(3 * i + 3)]) }
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
