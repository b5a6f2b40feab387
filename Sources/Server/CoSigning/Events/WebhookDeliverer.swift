import CoSigningStorage
import EthereumKit
import Foundation
import Networking
import Services
import Storage

/// Sends each webhook its outbox: oldest event first, signed with the webhook's secret over the
/// event's ID, the time and the body; an event leaves the outbox only when the receiver answers
/// 2xx, so delivery is at least once, across restarts and crashes. A failing receiver is retried
/// with a growing pause and holds back only its own queue: the API never waits for a delivery. A
/// receiver that has failed for longer than `expiry` since its first failure (kept in the
/// database, so a restart does not reset it) has its queue moved to the dead letters after each
/// failure; it is still tried with the newest events, and one delivery taken ends its failing.
///
/// Events are claimed from the outbox for `lease` before they are sent, so servers sharing one
/// database send each event once: a claim no one holds is taken, a crashed server's comes back
/// when its lease runs out, and what a pass does not send it gives back at once.
public struct WebhookDeliverer: Sendable {
    let storage: any CoSigningStorage
    let webhooks: [Webhook]
    let network: any Network
    /// How often an empty outbox is looked at again.
    let idlePoll: Duration
    /// The longest pause after failures.
    let maxBackoff: Duration
    /// How long a receiver may fail, from its first failure, before its queue goes to the dead letters.
    let expiry: Duration
    /// How long a claim on a delivery holds before another server may send it.
    let lease: Duration
    /// The time deliveries are signed at and failures counted from.
    let now: @Sendable () -> Date

    /// How long a receiver may fail before its events are dead letters, unless told otherwise: 3 days.
    public static let defaultExpiry = Duration.seconds(3 * 24 * 3600)
    /// How long a claimed delivery is held unless told otherwise: several times the live network's
    /// timeouts (5 s to connect, 10 s to read), which a post started in the lease's first part stays within.
    public static let defaultLease = Duration.seconds(60)

    /// Header names a receiver reads.
    public enum Header {
        public static let signature = "X-Bifrost-Signature"
        public static let eventID = "X-Bifrost-Event-Id"
        public static let eventType = "X-Bifrost-Event-Type"
    }

    /// A deliverer for `webhooks` from `storage`'s outbox.
    public init(storage: any CoSigningStorage, webhooks: [Webhook], network: any Network = LiveNetwork(connectTimeout: .seconds(5), readTimeout: .seconds(10),
                                                                                                            maxResponseBytes: 64 * 1024),
                idlePoll: Duration = .milliseconds(500), maxBackoff: Duration = .seconds(300), expiry: Duration = defaultExpiry,
                lease: Duration = defaultLease, now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.webhooks = webhooks
        self.network = network
        self.idlePoll = idlePoll
        self.maxBackoff = maxBackoff
        self.expiry = expiry
        self.lease = lease
        self.now = now
    }

    /// Queues events for these webhooks from now on (one no longer configured loses its queue),
    /// then delivers until cancelled; `report` hears of each failed delivery and each move to the
    /// dead letters, the webhook named without its path or secret.
    public func run(report: @escaping @Sendable (WebhookReport) -> Void) async throws {
        try await storage.setWebhooks(webhooks.map(\.url.absoluteString))
        await withTaskGroup(of: Void.self) { group in
            for webhook in webhooks { group.addTask { await deliver(to: webhook, report: report) } }
        }
    }

    private func deliver(to webhook: Webhook, report: @escaping @Sendable (WebhookReport) -> Void) async {
        var failures = 0
        while !Task.isCancelled {
            switch await pass(webhook, report: report) {
            case .empty: try? await Task.sleep(for: idlePoll)
            case .delivered: failures = 0
            case .failed(let delivered):
                failures = delivered > 0 ? 1 : failures + 1
                try? await Task.sleep(for: backoff(after: failures))
            }
        }
    }

    /// What one pass over a webhook's queue came to.
    enum Pass: Equatable {
        /// Nothing was waiting.
        case empty
        /// Every event read was taken.
        case delivered
        /// A delivery failed after `delivered` were taken, or the queue could not be read; the rest waits.
        case failed(delivered: Int)
    }

    /// Sends `webhook` the oldest unclaimed of its queue, up to 50 events, until one fails. After a
    /// failure, a receiver failing for longer than `expiry` has its whole queue moved to the dead
    /// letters. What is not sent is given back for the next claim.
    func pass(_ webhook: Webhook, report: @Sendable (WebhookReport) -> Void) async -> Pass {
        let key = webhook.url.absoluteString
        let clock = ContinuousClock(), claimed = clock.now
        let batch: [PendingDelivery]
        do { batch = try await storage.claimDeliveries(webhook: key, limit: 50, at: now(), lease: lease) } catch {
            report(.failed(webhook: webhook.description, eventID: 0, reason: "the outbox could not be read: \(error)"))
            return .failed(delivered: 0)
        }
        guard !batch.isEmpty else { return .empty }
        let giveBack = { @Sendable (from: Int) async in
            try? await storage.releaseDeliveries(eventIDs: batch[from...].map(\.event.id), webhook: key)
        }
        for (taken, delivery) in batch.enumerated() {
            // A post starts only in the lease's first half, so it ends before another server may
            // claim the event; the rest goes back to be claimed afresh.
            guard claimed.duration(to: clock.now) < lease / 2 else {
                await giveBack(taken)
                return .delivered
            }
            guard let reason = await post(delivery.event, to: webhook) else {
                // Should this fail, the event is sent again: receivers deduplicate by its ID.
                try? await storage.delivered(eventID: delivery.event.id, webhook: key)
                continue
            }
            report(.failed(webhook: webhook.description, eventID: delivery.event.id, reason: reason))
            await giveBack(taken)
            let time = now()
            guard let since = try? await storage.deliveryFailed(eventID: delivery.event.id, webhook: key, at: time),
                  isExpired(failingSince: since, at: time) else { return .failed(delivered: taken) }
            if let moved = try? await storage.deadLetter(webhook: key, at: time), moved > 0 {
                report(.deadLettered(webhook: webhook.description, count: moved, failingSince: since))
            }
            return .failed(delivered: taken)
        }
        return .delivered
    }

    /// Whether a receiver failing since `since` has outlived `expiry` at `time`: the one rule for
    /// when its events become dead letters.
    func isExpired(failingSince since: Date, at time: Date) -> Bool { time.timeIntervalSince(since) >= expiry / .seconds(1) }

    /// Sends one event; nil when the receiver took it, else why not.
    func post(_ event: ServedEvent, to webhook: Webhook) async -> String? {
        let body = Array(JSONWriter.write(event.wire.json).utf8)
        let request = HTTPRequest(method: "POST", url: webhook.url, headers: [
            "Content-Type": "application/json", "User-Agent": "bifrost-serve",
            Header.signature: webhook.signature(eventID: event.id, body: body, at: now()),
            Header.eventID: String(event.id), Header.eventType: event.kind.rawValue,
        ], body: body, retryable: false)
        do {
            let response = try await network.send(request)
            return (200..<300).contains(response.status) ? nil : "the receiver answered \(response.status)"
        } catch {
            return "\(error)"
        }
    }

    /// 1 s after the first failure, doubling, at most `maxBackoff`.
    func backoff(after failures: Int) -> Duration {
        min(.seconds(1) * (1 << min(max(failures - 1, 0), 20)), maxBackoff)
    }
}

/// What a deliverer tells the server of its webhooks, each named without its path or secret.
public enum WebhookReport: Sendable, Equatable {
    /// A delivery of `eventID` failed (0: the outbox could not be read); it will be tried again.
    case failed(webhook: String, eventID: Int64, reason: String)
    /// The receiver has failed since `failingSince`, longer than the expiry: `count` events left
    /// its queue for the dead letters.
    case deadLettered(webhook: String, count: Int, failingSince: Date)
}
