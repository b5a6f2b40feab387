/// The events a transaction would emit, from running the Safe's own `execTransaction` in a
/// simulation, or why they are not known.
public enum SafeEmittedEvents: Sendable, Hashable {
    /// The execution ran; its events in order.
    case events([SafeEvent])
    /// The execution itself failed, with the node's reason.
    case failed(String)
    /// No events could be had, e.g. a node without `eth_simulateV1`: why.
    case unavailable(String)

    /// One line for a reviewer.
    public var summary: String {
        switch self {
        case .events(let events): "\(events.count) event\(events.count == 1 ? "" : "s")"
        case .failed(let why): "the execution fails, so it emits nothing: \(why)"
        case .unavailable(let why): "the events are unavailable: \(why)"
        }
    }

    /// The events; none when they are unknown or the execution fails.
    public var events: [SafeEvent] {
        if case .events(let events) = self { return events }
        return []
    }
}
