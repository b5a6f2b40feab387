/// Why a co-signing server refused a request, with the field to blame; every front end maps
/// the kind to its own status (HTTP: 400, 404, 422, 401).
public struct CoSigningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of refusal.
    public enum Kind: Sendable, Equatable {
        /// The input is malformed: a wrong type, bad hex, a missing field.
        case malformed
        /// Well-formed, but it breaks a rule: a wrong hash, a non-owner, a signature that does not verify.
        case refused
        /// No such transaction or Safe.
        case notFound
        /// The request lacks valid credentials.
        case unauthorized
        /// The request body is larger than the server takes.
        case tooLarge
    }

    public let kind: Kind
    /// The input field to blame, as the client named it (`safeTxHash`, `sender`, `signature`…).
    public let field: String
    public let reason: String

    /// A refusal of `field` for `reason`.
    public init(_ kind: Kind, field: String, _ reason: String) {
        self.kind = kind
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field): \(reason)" }
}
