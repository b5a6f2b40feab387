import CoSigning
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Services
import Synchronization

/// A webhook receiver on a free loopback port, as a team would run one: it records every delivery
/// with whether its signature checks out, and answers 503 to the first `failFirst` to prove retries.
final class WebhookReceiver: Sendable {
    struct Delivery: Sendable {
        let id: String
        let type: String
        let body: [UInt8]
        /// The X-Bifrost-Signature header as it came.
        let signature: String
        let signed: Bool
    }

    /// What the receiver has seen, shared with its route.
    final class State: Sendable {
        let mutex: Mutex<(deliveries: [Delivery], refusing: Bool, refused: Int)>
        init(refusing: Bool) { mutex = Mutex(([], refusing, 0)) }
        func withLock<T: Sendable>(_ body: (inout sending (deliveries: [Delivery], refusing: Bool, refused: Int)) -> sending T) -> sending T { mutex.withLock(body) }
    }

    let url: URL
    private let task: Task<Void, any Error>
    private let state: State

    init(secret: String, refusing: Bool) async throws {
        let state = State(refusing: refusing)
        self.state = state
        let router = Router()
        router.post("/hook") { request, _ -> Response in
            var request = request
            let body = Array(try await request.collectBody(upTo: 1 << 20).readableBytesView)
            let refuse = state.withLock { s in
                if s.refusing { s.refused += 1 }
                return s.refusing
            }
            if refuse { return Response(status: .serviceUnavailable) }
            let header = { (name: String) in request.headers[HTTPField.Name(name)!] ?? "" }
            // As a receiver should: the signature over the time, the event ID and the body, compared in constant time, the time within 5 minutes.
            let id = header(WebhookDeliverer.Header.eventID), signature = header(WebhookDeliverer.Header.signature)
            let delivery = Delivery(id: id, type: header(WebhookDeliverer.Header.eventType), body: body, signature: signature,
                                    signed: Webhook.verify(signature, eventID: id, body: body, secret: Array(secret.utf8)))
            state.withLock { $0.deliveries.append(delivery) }
            return Response(status: .noContent)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        var quiet = Logger(label: "webhook-receiver")
        quiet.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: quiet)
        task = Task { try await app.runService() }
        var ports = stream.makeAsyncIterator()
        guard let port = await ports.next() else { throw CancellationError() }
        url = URL(string: "http://127.0.0.1:\(port)/hook")!
    }

    /// Deliveries taken so far, in arrival order.
    var deliveries: [Delivery] { state.withLock { $0.deliveries } }
    /// Deliveries answered 503 so far.
    var refused: Int { state.withLock { $0.refused } }

    /// Starts or stops answering 503.
    func refuse(_ refusing: Bool) { state.withLock { $0.refusing = refusing } }

    func stop() { task.cancel() }
}
