/// A failure as a feature keeps it in state: the error as it was thrown below (a `SafeError`, a
/// `ChainError`, a `FeatureProblem`...), so that each front end can word it for its own controls.
public struct FeatureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error as thrown, with its data; a front end words it (the dashboard's `ErrorWording`).
    public let underlying: any Error

    /// Keeps `error` as thrown; a `FeatureError` is kept as it is, not wrapped twice.
    public init(_ error: any Error) { underlying = (error as? FeatureError)?.underlying ?? error }

    /// One of AppCore's own failures.
    public init(_ problem: FeatureProblem) { underlying = problem }

    /// The error's own one-line description, in words no front end owns.
    public var description: String { String(describing: underlying) }

    /// The same error: equal values of one Equatable type, else one type with one description.
    public static func == (lhs: FeatureError, rhs: FeatureError) -> Bool {
        let value: Any = lhs.underlying
        if let value = value as? any Equatable { return Self.equal(value, rhs.underlying) }
        return ObjectIdentifier(type(of: lhs.underlying)) == ObjectIdentifier(type(of: rhs.underlying)) && lhs.description == rhs.description
    }

    private static func equal<Value: Equatable>(_ value: Value, _ other: any Error) -> Bool {
        guard let other = other as? Value else { return false }
        return value == other
    }

    /// Runs `body`, turning a thrown error into a `FeatureError` result.
    static func result<T>(_ body: () async throws -> T) async -> Result<T, FeatureError> {
        do { return .success(try await body()) } catch { return .failure(FeatureError(error)) }
    }
}

/// What AppCore itself refuses, before or instead of calling the services; worded by each front end.
public enum FeatureProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Sharing needs a Transaction Service, and the session was started without one.
    case noTransactionService
    /// The word asked back at `position` (1-based) is not the phrase's.
    case phraseMismatch(position: Int)
    /// A dependency the feature was built without (a preview's or a test's), by the work it does.
    case unavailable(String)

    public var description: String {
        switch self {
        case .noTransactionService: return "no Transaction Service is set"
        case .phraseMismatch(let position): return "word \(position) does not match the phrase; look at what you wrote down"
        case .unavailable(let work): return "\(work) is not available"
        }
    }
}
