import EthereumKit
import Foundation
import Networking

/// An event a Transaction Service announced: its ID, its type (`PENDING_MULTISIG_TRANSACTION`,
/// `NEW_CONFIRMATION`, …) and the Safe it concerns.
public struct ServiceEventNotice: Sendable, Equatable {
    public let id: String?
    public let type: String
    public let safe: Address?
}

/// Follows a service's events for as long as the stream is read. A dropped or refused connection is
/// opened again after 1 s, doubling up to 30 s while it keeps failing, and resumes after the last
/// event seen, so none after it is missed or announced twice; before the first event (with `after`
/// nil) it resumes from the service's newest. A service that has no event stream (404) ends it.
public struct FollowServiceEvents: SafeTransactionsAction {
    public let service: SafeServiceEndpoint
    /// The event to resume after; nil for the events from now on.
    public let after: String?
    public init(service: SafeServiceEndpoint, after: String? = nil) {
        self.service = service
        self.after = after
    }
    public func perform(on store: SafeTransactionsStore) async throws -> AsyncStream<ServiceEventNotice> {
        ServiceEventFeed(remote: store.remote(service), after: after).notices()
    }
}

/// The reconnecting reader behind `FollowServiceEvents`.
struct ServiceEventFeed: Sendable {
    let remote: SafeServiceRemote
    let after: String?
    var firstWait = Duration.seconds(1)
    var longestWait = Duration.seconds(30)

    func notices() -> AsyncStream<ServiceEventNotice> {
        // A reader that falls far behind keeps the newest notices, not an unbounded backlog.
        AsyncStream(bufferingPolicy: .bufferingNewest(1024)) { continuation in
            let task = Task {
                var last = after
                var wait = firstWait
                while !Task.isCancelled {
                    do {
                        for try await event in try remote.events(after: last) {
                            last = event.id ?? last
                            wait = firstWait
                            continuation.yield(Self.notice(event))
                        }
                    } catch NetworkError.httpStatus(404, _) {
                        // A service without an event stream (the official one): there is nothing to follow.
                        break
                    } catch {
                        // Reconnect below; a service that never answers costs one request per `longestWait`.
                    }
                    try? await Task.sleep(for: wait)
                    wait = min(wait * 2, longestWait)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The notice an event carries: its name is its type when its data is not the webhook JSON.
    static func notice(_ event: ServerSentEvent) -> ServiceEventNotice {
        let wire = (try? JSONParser.parse(Array(event.data.utf8))).flatMap { try? ServiceWireEvent(json: $0) }
        return ServiceEventNotice(id: event.id, type: wire?.type ?? event.name, safe: wire?.address)
    }
}
