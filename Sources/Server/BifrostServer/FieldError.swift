/// A request refused at the HTTP edge: the official service's field to blame, the reason, and
/// the kind that picks the status (400, 422, 404, 401, 413).
struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// Malformed input: a wrong type, bad hex, a missing field (400).
        case malformed
        /// Well-formed, but against a rule (422).
        case refused
        /// No such transaction, Safe or delegate (404).
        case notFound
        /// Without valid credentials (401).
        case unauthorized
        /// A body larger than the server takes (413).
        case tooLarge
    }

    let kind: Kind
    /// The field as the client named it (`safeTxHash`, `sender`, `signature`…).
    let field: String
    let reason: String

    init(_ kind: Kind, field: String, _ reason: String) {
        self.kind = kind
        self.field = field
        self.reason = reason
    }

    var description: String { "\(field): \(reason)" }
}
