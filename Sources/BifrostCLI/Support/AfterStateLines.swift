import Services

/// The lines `safe sign` and `safe execute` print before they act, on a terminal (as progress is,
/// so a script's stderr keeps its one `error:` line): what the transaction changes about the Safe
/// and its warnings, so no one signs or executes blind. `safe review` shows the same in full.
enum AfterStateLines {
    /// Reviews `safeTxHash` on `chain` and prints the after-state and every warning or worse.
    static func show(_ safeTxHash: [UInt8], dispatcher: Dispatcher, chain: ChainSelection) async {
        let console = Console.current
        guard console.showsProgress, let review = try? await dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: safeTxHash, chain: chain)) else { return }
        let effect = SafeEffectView(review.effect)
        console.progress("after the transaction: \(TerminalText.oneLine(effect.summary))")
        for change in effect.changes where change.severity != "info" {
            console.progress("  \(change.severity.uppercased()): \(TerminalText.oneLine(change.description))")
        }
        for risk in review.risks.map(SafeRiskView.init) where risk.severity != "info" {
            console.progress("  RISK \(risk.severity.uppercased()) (\(risk.name)): \(TerminalText.oneLine(risk.message))")
        }
    }
}
