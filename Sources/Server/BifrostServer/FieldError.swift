/// A request refused at the HTTP edge: the official service's field to blame, the reason, and
/// the kind that picks the status (400, 422, 404, 401, 413).
struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// Malformed input: a wrong type, bad hex, a missing field (400).
        case malformed
        /// A body that is not JSON at all: 400 on every endpoint, as the official parser answers
        /// before any view reads it.
        case unparsable
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
    /// Whether a rule refuses the request as a whole, which the official service reports under
    /// `nonFieldErrors`, rather than one field's value.
    var isRule = false
    /// Further fields refused in the same answer: every missing field at once, as the official does.
    var others: [FieldError] = []

    init(_ kind: Kind, field: String, _ reason: String) {
        self.kind = kind
        self.field = field
        self.reason = reason
    }

    /// The official refusal of a body without `fields`, each named; nil when none is missing.
    static func missing(_ fields: [String]) -> FieldError? {
        guard let first = fields.first else { return nil }
        var error = FieldError(.malformed, field: first, "This field is required.")
        error.others = fields.dropFirst().map { FieldError(.malformed, field: $0, "This field is required.") }
        return error
    }

    /// Every field it names, in order.
    var all: [FieldError] { [self] + others }

    var description: String { "\(field): \(reason)" }
}
