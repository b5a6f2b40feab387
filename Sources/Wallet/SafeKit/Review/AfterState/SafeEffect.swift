/// What a transaction does to its Safe, simulated on the node as the Safe would run it.
public enum SafeEffect: Sendable, Hashable {
    /// The changes, the most severe first; none for a transaction that touches nothing the review
    /// reads (a call with no value and no configuration change).
    case changes([SafeStateChange])
    /// The call itself fails, so it changes nothing: the reason.
    case reverted(String)
    /// The after-state could not be read, e.g. a node that refuses state overrides: why. The
    /// review still shows the plain simulation.
    case unavailable(String)

    /// One line for a reviewer.
    public var summary: String {
        switch self {
        case .changes(let changes) where changes.isEmpty: "no change to the Safe's configuration or the balances read"
        case .changes(let changes): "\(changes.count) change\(changes.count == 1 ? "" : "s")"
        case .reverted(let why): "the call fails, so nothing changes: \(why)"
        case .unavailable(let why): "the Safe after the transaction is unavailable: \(why)"
        }
    }

    /// The changes; none when the effect is unknown or the call fails.
    public var changes: [SafeStateChange] {
        if case .changes(let changes) = self { return changes }
        return []
    }
}
