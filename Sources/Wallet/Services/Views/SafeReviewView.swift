import BigInt

/// A decoded call in the JSON the command line prints.
public struct DecodedCallView: Codable, Sendable, Hashable {
    public struct ArgumentView: Codable, Sendable, Hashable {
        public var name: String
        public var type: String
        public var value: String
    }

    public var operation: String
    public var to: String
    public var value: String
    @NullWhenAbsent public var function: String?
    public var arguments: [ArgumentView]
    public var calls: [DecodedCallView]
    public var warnings: [String]

    /// The view of `call` and its inner calls.
    public init(_ call: DecodedCall) {
        operation = call.operation.name
        to = call.to.checksummed
        value = String(call.value)
        function = call.function
        arguments = call.arguments.map { ArgumentView(name: $0.name, type: $0.type, value: $0.value) }
        calls = call.calls.map(DecodedCallView.init)
        warnings = call.warnings
    }
}

/// What a transaction changes about its Safe, as every front end shows it.
public struct SafeEffectView: Codable, Sendable, Hashable {
    /// One change, with its severity (`info`, `notable`, `warning`, `critical`) and what changed.
    public struct ChangeView: Codable, Sendable, Hashable {
        public var kind: String
        public var severity: String
        public var description: String
    }

    /// `changes`, `reverts` or `unavailable`.
    public var outcome: String
    /// The effect in one line.
    public var summary: String
    /// The changes, the most severe first.
    public var changes: [ChangeView]

    /// The view of `effect`.
    public init(_ effect: SafeEffect) {
        outcome = switch effect {
        case .changes: "changes"
        case .reverted: "reverts"
        case .unavailable: "unavailable"
        }
        summary = effect.summary
        changes = effect.changes.map { ChangeView(kind: $0.kind.rawValue, severity: $0.severity.rawValue, description: $0.description) }
    }
}

/// The events a transaction's execution would emit, as every front end shows them.
public struct SafeEventsView: Codable, Sendable, Hashable {
    /// One event: the contract that emits it, which event, its severity and its words.
    public struct EventView: Codable, Sendable, Hashable {
        public var contract: String
        public var kind: String
        public var severity: String
        public var description: String
    }

    /// `events`, `fails` or `unavailable`.
    public var outcome: String
    /// The events in one line.
    public var summary: String
    /// The events in the order emitted.
    public var events: [EventView]

    /// The view of `events`; beside `effect`, the after-state of Safe `safe`, without that Safe's
    /// configuration events its changes list already, so a person reads each change once (the
    /// JSON of `safe review` keeps them all).
    public init(_ emitted: SafeEmittedEvents, beside effect: SafeEffect? = nil, of safe: Address? = nil) {
        outcome = switch emitted {
        case .events: "events"
        case .failed: "fails"
        case .unavailable: "unavailable"
        }
        let shown = effect.flatMap { effect in safe.map { emitted.beyond(effect, of: $0) } } ?? emitted.events
        let folded = emitted.events.count - shown.count
        summary = folded == 0 ? emitted.summary : "\(emitted.summary); \(folded) of them listed as changes above"
        events = shown.map {
            EventView(contract: $0.contract.checksummed, kind: $0.kind.rawValue, severity: $0.severity.rawValue, description: $0.description)
        }
    }
}

/// A named risk as every front end shows it.
public struct SafeRiskView: Codable, Sendable, Hashable {
    public var name: String
    /// `info`, `notable`, `warning` or `critical`.
    public var severity: String
    public var message: String

    /// The view of `risk`.
    public init(_ risk: SafeRisk) {
        name = risk.name
        severity = risk.severity.rawValue
        message = risk.message
    }
}

/// A reviewed Safe transaction in JSON (`safe review`): the decoded call, every warning, the
/// simulation, and the Safe after the transaction.
public struct SafeReviewView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var summary: String
    public var call: DecodedCallView
    /// Every warning of the call and its inner calls, numbered by inner call.
    public var warnings: [String]
    /// `succeeds`, `reverts` or `unavailable`.
    public var simulation: String
    @NullWhenAbsent public var simulationReason: String?
    /// What the transaction changes about the Safe.
    public var effect: SafeEffectView
    /// The events the execution would emit.
    public var events: SafeEventsView
    /// The named risks beyond the after-state's changes, the most severe first.
    public var risks: [SafeRiskView]

    /// The view of `review` of `entry`.
    public init(_ review: SafeTransactionReview, entry: SafeTransactionEntry) {
        self.init(review, safeTxHash: entry.safeTxHash, summary: entry.summary)
    }

    /// The view of `review` of the transaction `safeTxHash`, described by `summary`.
    public init(_ review: SafeTransactionReview, safeTxHash hash: [UInt8], summary text: String) {
        safeTxHash = Hex.encode(hash)
        summary = text
        call = DecodedCallView(review.call)
        warnings = review.call.allWarnings
        switch review.simulation {
        case .succeeds: (simulation, simulationReason) = ("succeeds", nil)
        case .reverts(let why): (simulation, simulationReason) = ("reverts", why)
        case .unavailable(let why): (simulation, simulationReason) = ("unavailable", why)
        }
        effect = SafeEffectView(review.effect)
        events = SafeEventsView(review.events)
        risks = review.risks.map(SafeRiskView.init)
    }
}

/// The JSON view of a draft's review (`safe propose --dry-run`): the review as `safe review` gives
/// it, the nonce and the hashes, and that nothing was stored.
public struct SafeDraftReviewView: Codable, Sendable, Hashable {
    /// Always false: a draft is stored nowhere.
    public var stored: Bool
    public var nonce: String
    public var review: SafeReviewView
    public var hashes: SafeHashesView

    /// The view of `review` of `draft`.
    public init(_ review: SafeTransactionReview, draft: SafeTransactionDraft) throws {
        stored = false
        nonce = String(draft.transaction.nonce)
        self.review = SafeReviewView(review, safeTxHash: draft.safeTxHash, summary: draft.summary)
        hashes = try SafeHashesView(draft.transaction)
    }
}
