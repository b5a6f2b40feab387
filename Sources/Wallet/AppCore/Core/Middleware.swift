import Logging
import Synchronization

/// Sees every action with the state before and after it was reduced; it cannot change either.
public protocol Middleware<State, Action>: Sendable {
    associatedtype State
    associatedtype Action

    /// Called once per action, after the reducer ran.
    func observe(action: Action, before: State, after: State)
}

/// Logs every action, and at trace level the state after it, through swift-log.
public struct LoggingMiddleware<State, Action>: Middleware {
    let logger: Logger

    /// Logs to `logger` (label `bifrost.appcore` by default).
    public init(logger: Logger = Logger(label: "bifrost.appcore")) { self.logger = logger }

    public func observe(action: Action, before: State, after: State) {
        logger.debug("action \(ActionName.of(action))")
        logger.trace("state \(String(describing: after))")
    }
}

/// Counts actions by case name, for metrics and tests.
public final class MetricsMiddleware<State, Action>: Middleware {
    private let counts = Mutex<[String: Int]>([:])

    /// A middleware starting from zero.
    public init() {}

    public func observe(action: Action, before: State, after: State) {
        let name = ActionName.of(action)
        counts.withLock { $0[name, default: 0] += 1 }
    }

    /// How many actions of each case were handled.
    public var snapshot: [String: Int] { counts.withLock { $0 } }

    /// How many actions in all.
    public var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}

/// The case name of an action, nested cases joined by dots: `safeList.refreshed`.
enum ActionName {
    static func of(_ action: Any) -> String {
        var parts: [String] = []
        var current: Any = action
        for _ in 0..<8 {
            let mirror = Mirror(reflecting: current)
            guard mirror.displayStyle == .enum else { break }
            guard let child = mirror.children.first, let label = child.label else {
                parts.append(String(describing: current))
                break
            }
            parts.append(label)
            current = child.value
        }
        return parts.isEmpty ? String(describing: action) : parts.joined(separator: ".")
    }
}
