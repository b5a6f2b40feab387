import Hummingbird
import Services

/// How an endpoint answers a refused request, as the official service's view for it does. Its
/// statuses depend on the view, not on the refusal: a proposal's view answers 422 for anything,
/// the confirmation's 400 under `signature` (its checks are the signature field's validator),
/// messages' and delegates' 400 with a rule's refusal under `nonFieldErrors`.
enum RefusalStyle: Sendable {
    /// Reads and Bifrost's own endpoints: 400 for malformed input, 422 for a rule.
    case plain
    /// `POST …/multisig-transactions/`.
    case proposal
    /// `POST …/confirmations/`.
    case confirmation
    /// Messages, message signatures and delegates.
    case submission
}

extension FieldError {
    /// The status and body `style` gives this refusal; Bifrost's own wording stays inside them.
    func answer(as style: RefusalStyle) -> (status: HTTPResponse.Status, json: JSONValue) {
        switch (style, kind) {
        case (.plain, _), (_, .unauthorized), (_, .tooLarge), (_, .unparsable): return (status, json)
        case (_, .notFound): return (status, ServedJSON.object([("detail", .string(reason))]))
        case (.proposal, _): return (.unprocessableContent, isRule ? Self.nonField(reason) : json)
        case (.confirmation, _): return (.badRequest, isRule ? ServedJSON.object([("signature", .array([.string(reason)]))]) : json)
        case (.submission, _): return (.badRequest, isRule ? Self.nonField(reason) : json)
        }
    }

    /// `{"nonFieldErrors": [reason]}`: the official shape of a refusal no single field caused.
    static func nonField(_ reason: String) -> JSONValue { ServedJSON.object([("nonFieldErrors", .array([.string(reason)]))]) }
}
