/// A failure as a feature keeps it in state: the one-line message shown to the user.
public struct FeatureError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// Any error, as its one-line description.
    public init(_ error: any Error) { message = String(describing: error) }

    public var description: String { message }

    /// Runs `body`, turning a thrown error into a `FeatureError` result.
    static func result<T>(_ body: () async throws -> T) async -> Result<T, FeatureError> {
        do { return .success(try await body()) } catch { return .failure(FeatureError(error)) }
    }
}
