import BigInt
import CoSigningStorage
import Foundation
import Services
import Storage

/// Up to `limit` stored events after `id`, oldest first.
public struct ServedEventsAfter: CoSigningAction {
    public let id: Int64
    public let limit: Int
    public init(id: Int64, limit: Int = 100) {
        self.id = id
        self.limit = limit
    }
    public func perform(on store: CoSigningStore) async throws -> [ServedEvent] { try await store.storage.events(after: id, limit: limit) }
}

/// The newest stored event's ID, 0 when there is none: where a stream of new events starts.
public struct LatestServedEventID: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> Int64 {
        try await store.storage.latestEventID()
    }
}

/// Deliveries waiting in the webhooks' outbox; dead letters are not among them.
public struct OutboxDepth: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> Int { try await store.storage.outboxDepth() }
}

/// Events moved to the dead letters because their receiver stayed dead past its expiry.
public struct WebhookDeadLetters: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> Int { try await store.storage.deadLetterCount() }
}

/// Delivers the outbox to `webhooks` until cancelled, moving the queue of a receiver that has
/// failed for longer than `expiry` to the dead letters; `report` hears of each failed delivery and
/// each such move.
public struct DeliverWebhooks: CoSigningAction {
    public let webhooks: [Webhook]
    public let expiry: Duration
    /// How long a claimed delivery is held before another server may send it.
    public let lease: Duration
    public let report: @Sendable (WebhookReport) -> Void
    public init(webhooks: [Webhook], expiry: Duration = WebhookDeliverer.defaultExpiry, lease: Duration = WebhookDeliverer.defaultLease,
                report: @escaping @Sendable (WebhookReport) -> Void) {
        self.webhooks = webhooks
        self.expiry = expiry
        self.lease = lease
        self.report = report
    }
    public func perform(on store: CoSigningStore) async throws {
        try await WebhookDeliverer(storage: store.storage, webhooks: webhooks, expiry: expiry, lease: lease).run(report: report)
    }
}

/// Closes the co-signing database, after the work under way; the server's last step.
public struct CloseServedStorage: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws { await store.storage.shutdown() }
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
    public func perform(on store: CoSigningStore) async throws -> Set<[UInt8]> {
        let executed = transactions.filter(\.isExecuted)
        guard !executed.isEmpty else { return [] }
        let blocks = try await store.storage.executionBlocks(executed.map(\.safeTxHash))
        let followed = try await store.storage.followedBlock(chainID: try await store.chainID()) ?? 0
        return Set(executed.filter { tx in blocks[tx.safeTxHash].map { $0 + BigUInt(reorgDepth) <= followed } ?? true }.map(\.safeTxHash))
    }
}
