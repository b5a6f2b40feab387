import Services

/// The lines `safe sign` and `safe execute` print before they act, on a terminal (as progress is,
/// so a script's stderr keeps its one `error:` line): what the transaction changes about the Safe
/// and its warnings, so no one signs or executes blind. `safe review` shows the same in full.
enum AfterStateLines {
    /// Reviews `safeTxHash` on `chain` and prints the after-state and every warning or worse.
    static func show(_ safeTxHash: [UInt8], dispatcher: Dispatcher, chain: ChainSelection) async {
        let console = Console.current
        guard console.showsProgress, let review = try? await dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: safeTxHash, chain: chain)) else { return }
        for line in lines(review, everything: false) { console.progress(line) }
    }

    /// The after-state's summary, its changes, the events and the named risks as lines; only
    /// those worth reading (notable, warning, critical) unless `everything`.
    static func lines(_ review: SafeTransactionReview, everything: Bool) -> [String] {
        let effect = SafeEffectView(review.effect), emitted = SafeEventsView(review.events, beside: review.effect, of: review.safe)
        let changes = effect.changes.filter { everything || $0.severity != "info" }
        let events = emitted.events.filter { everything || $0.severity != "info" }
        let risks = review.risks.map(SafeRiskView.init).filter { everything || $0.severity != "info" }
        let eventsHead = everything || !events.isEmpty ? ["events: \(UntrustedText.visible(emitted.summary))"] : []
        return ["after the transaction: \(UntrustedText.visible(effect.summary))"]
            + changes.map { "  \($0.severity.uppercased()): \(UntrustedText.visible($0.description))" }
            + eventsHead + events.map { "  \($0.severity.uppercased()): \(UntrustedText.visible($0.description))" }
            + risks.map { "RISK \($0.severity.uppercased()) (\($0.name)): \(UntrustedText.visible($0.message))" }
    }
}
