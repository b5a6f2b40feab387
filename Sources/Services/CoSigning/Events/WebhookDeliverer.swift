import EthereumKit
import Foundation
import Networking
import Storage

/// Sends each webhook its outbox: oldest event first, signed with the webhook's secret, with the
/// event's ID for deduplication; an event leaves the outbox only when the receiver answers 2xx,
/// so delivery is at least once, across restarts and crashes. A failing receiver is retried with
/// a growing pause and holds back only its own queue: the API never waits for a delivery.
public struct WebhookDeliverer: Sendable {
    let storage: any CoSigningStorage
    let webhooks: [Webhook]
    let network: any Network
    /// How often an empty outbox is looked at again.
    let idlePoll: Duration
    /// The longest pause after failures.
    let maxBackoff: Duration

    /// Header names a receiver reads.
    public enum Header {
        public static let signature = "X-Bifrost-Signature"
        public static let eventID = "X-Bifrost-Event-Id"
        public static let eventType = "X-Bifrost-Event-Type"
    }

    /// A deliverer for `webhooks` from `storage`'s outbox.
    public init(storage: any CoSigningStorage, webhooks: [Webhook], network: any Network = LiveNetwork(connectTimeout: .seconds(5), readTimeout: .seconds(10),
                                                                                                            maxResponseBytes: 64 * 1024),
                idlePoll: Duration = .milliseconds(500), maxBackoff: Duration = .seconds(300)) {
        self.storage = storage
        self.webhooks = webhooks
        self.network = network
        self.idlePoll = idlePoll
        self.maxBackoff = maxBackoff
    }

    /// Queues events for these webhooks from now on (one no longer configured loses its queue),
    /// then delivers until cancelled; `failed` hears of each failed delivery, the webhook named
    /// without its path or secret.
    public func run(failed: @escaping @Sendable (_ webhook: String, _ eventID: Int64, _ reason: String) -> Void) async throws {
        try await storage.setWebhooks(webhooks.map(\.url.absoluteString))
        await withTaskGroup(of: Void.self) { group in
            for webhook in webhooks { group.addTask { await deliver(to: webhook, failed: failed) } }
        }
    }

    private func deliver(to webhook: Webhook, failed: @escaping @Sendable (String, Int64, String) -> Void) async {
        let key = webhook.url.absoluteString
        var failures = 0
        while !Task.isCancelled {
            let batch: [PendingDelivery]
            do { batch = try await storage.pendingDeliveries(webhook: key, limit: 50) } catch {
                failed(webhook.description, 0, "the outbox could not be read: \(error)")
                try? await Task.sleep(for: backoff(after: 1))
                continue
            }
            if batch.isEmpty {
                try? await Task.sleep(for: idlePoll)
                continue
            }
            for delivery in batch {
                if let reason = await post(delivery.event, to: webhook) {
                    failures += 1
                    try? await storage.deliveryFailed(eventID: delivery.event.id, webhook: key)
                    failed(webhook.description, delivery.event.id, reason)
                    try? await Task.sleep(for: backoff(after: failures))
                    break
                }
                failures = 0
                // Should this fail, the event is sent again: receivers deduplicate by its ID.
                try? await storage.delivered(eventID: delivery.event.id, webhook: key)
            }
        }
    }

    /// Sends one event; nil when the receiver took it, else why not.
    func post(_ event: ServedEvent, to webhook: Webhook) async -> String? {
        let body = Array(JSONWriter.write(event.wire.json).utf8)
        let request = HTTPRequest(method: "POST", url: webhook.url, headers: [
            "Content-Type": "application/json", "User-Agent": "bifrost-serve", Header.signature: webhook.signature(of: body),
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
