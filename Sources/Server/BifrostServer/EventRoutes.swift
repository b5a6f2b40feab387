import CoSigning
import CoSigningStorage
import EthereumKit
import Foundation
import HTTPTypes
import Hummingbird
import Networking
import ServiceLifecycle
import Services

/// `GET /api/v1/events`: the server's events as server-sent events, each with its ID (resume with
/// `Last-Event-ID` or `?after=ID`), its type as the event name, and the webhook JSON as data.
extension CoSigningRoutes {
    /// How often the stream looks for new events, and how often it says it is alive when there are none.
    static let eventPoll = Duration.milliseconds(250)
    static let keepAlive = Duration.seconds(15)
    static let lastEventID = HTTPField.Name("Last-Event-ID")!

    func addEvents(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/events") { request, _ in try await self.run { try await self.events(request) } }
    }

    private func events(_ request: Request) async throws -> Response {
        let q = request.uri.queryParameters
        let safe = try q.get("safe").map { text throws(FieldError) in try Self.address(text, field: "safe") }
        let resume = request.headers[Self.lastEventID] ?? q.get("after")
        let start: Int64
        if let resume {
            guard let id = Int64(resume), id >= 0 else { throw FieldError(.malformed, field: "after", "'\(resume)' is not an event ID") }
            start = id
        } else {
            start = try await store.dispatch(LatestServedEventID())
        }
        let store = store
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: ResponseBody { writer in
            var last = start
            try await writer.write(ByteBuffer(string: ": events after \(last)\n\n"))
            var quiet = Duration.zero
            // Ctrl-C waits for open requests; the stream must end then, or the server never stops.
            for await _ in Self.ticks(every: Self.eventPoll).cancelOnGracefulShutdown() {
                let events = (try? await store.dispatch(ServedEventsAfter(id: last, limit: 200))) ?? []
                let shown = events.filter { safe == nil || $0.safe == safe }
                for event in shown { try await writer.write(ByteBuffer(string: Self.frame(event))) }
                if let newest = events.last?.id { last = newest }
                quiet = shown.isEmpty ? quiet + Self.eventPoll : .zero
                if quiet >= Self.keepAlive {
                    // A closed connection shows itself here at the latest.
                    try await writer.write(ByteBuffer(string: ": alive\n\n"))
                    quiet = .zero
                }
            }
            try await writer.finish(nil)
        })
    }

    /// One event in the stream's framing; JSON holds no raw newline, so the data is one line.
    static func frame(_ event: ServedEvent) -> String {
        "id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(JSONWriter.write(event.wire.json))\n\n"
    }

    /// A tick now and then every `interval`, until the consumer stops.
    static func ticks(every interval: Duration) -> AsyncStream<Void> {
        AsyncStream { continuation in
            let task = Task {
                while !Task.isCancelled {
                    continuation.yield()
                    try? await Task.sleep(for: interval)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
