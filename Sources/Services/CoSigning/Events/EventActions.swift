import BigInt
import Foundation
import Storage

/// Up to `limit` stored events after `id`, oldest first.
public struct ServedEventsAfter: CoSigningAction {
    public let id: Int64
    public let limit: Int
    public init(id: Int64, limit: Int = 100) {
        self.id = id
        self.limit = limit
    }
    public func perform(on store: CoSigningStore?) async throws -> [ServedEvent] { try await store.open().storage.events(after: id, limit: limit) }
}

/// The newest stored event's ID, 0 when there is none: where a stream of new events starts.
public struct LatestServedEventID: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore?) async throws -> Int64 {
        try await store.open().storage.latestEventID()
    }
}

/// Deliveries waiting in the webhooks' outbox.
public struct OutboxDepth: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore?) async throws -> Int { try await store.open().storage.outboxDepth() }
}

/// Delivers the outbox to `webhooks` until cancelled; `failed` hears of each failed delivery.
public struct DeliverWebhooks: CoSigningAction {
    public let webhooks: [Webhook]
    public let failed: @Sendable (_ webhook: String, _ eventID: Int64, _ reason: String) -> Void
    public init(webhooks: [Webhook], failed: @escaping @Sendable (_ webhook: String, _ eventID: Int64, _ reason: String) -> Void) {
        self.webhooks = webhooks
        self.failed = failed
    }
    public func perform(on store: CoSigningStore?) async throws {
        try await WebhookDeliverer(storage: store.open().storage, webhooks: webhooks).run(failed: failed)
    }
}

/// Closes the co-signing database, after the work under way; the server's last step.
public struct CloseServedStorage: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore?) async throws { await (try store.open()).storage.shutdown() }
}

/// Which of these executed transactions are final: read at least `reorgDepth` blocks below the
/// last block followed, past any reorganisation the server takes back. An execution marked before
/// blocks were kept counts as final.
public struct ServedFinality: CoSigningAction {
    public let transactions: [SafeTransactionEntry]
    public let reorgDepth: Int
    public init(_ transactions: [SafeTransactionEntry], reorgDepth: Int) {
        self.transactions = transactions
        self.reorgDepth = reorgDepth
    }
    public func perform(on store: CoSigningStore?) async throws -> Set<[UInt8]> {
        let store = try store.open()
        let executed = transactions.filter(\.isExecuted)
        guard !executed.isEmpty else { return [] }
        let blocks = try await store.storage.executionBlocks(executed.map(\.safeTxHash))
        let followed = try await store.storage.followedBlock(chainID: try await store.chainID()) ?? 0
        return Set(executed.filter { tx in blocks[tx.safeTxHash].map { $0 + BigUInt(reorgDepth) <= followed } ?? true }.map(\.safeTxHash))
    }
}
