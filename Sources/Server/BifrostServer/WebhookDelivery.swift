import CoSigning
import Foundation
import Logging
import ServiceLifecycle

/// The co-signing server's webhook deliverer, a service of its application: `DeliverWebhooks`
/// until a graceful shutdown, each failed delivery counted and logged, each move to the dead
/// letters logged as an error. Should the deliveries stop on an error, that is logged and the
/// server goes on serving without them.
struct WebhookDelivery: Service {
    let store: CoSigningStore
    let webhooks: [Webhook]
    let expiry: Duration
    let lease: Duration
    let metrics: ServeMetrics
    let logger: Logger

    func run() async {
        let delivered = await cancelWhenGracefulShutdown { () async -> Result<Void, any Error> in
            do { return .success(try await deliver()) } catch { return .failure(error) }
        }
        guard case .failure(let error) = delivered else { return }
        logger.error("webhook deliveries stopped", metadata: ["error": .string("\(error)")])
        // The application ends when one of its services does: this one waits for the server's end.
        try? await gracefulShutdown()
    }

    private func deliver() async throws {
        let metrics = metrics, logger = logger
        try await store.dispatch(DeliverWebhooks(webhooks: webhooks, expiry: expiry, lease: lease) { report in
            switch report {
            case .failed(let webhook, let eventID, let reason):
                metrics.deliveryFailed()
                logger.warning("a webhook delivery failed; it will be sent again",
                               metadata: ["webhook": .string(webhook), "event": .stringConvertible(eventID), "error": .string(reason)])
            case .deadLettered(let webhook, let count, let since):
                logger.error("a webhook has failed for longer than its expiry: its queued events are dead letters, no longer sent",
                             metadata: ["webhook": .string(webhook), "events": .stringConvertible(count),
                                        "failingSince": .string(since.formatted(.iso8601))])
            }
        })
    }
}
