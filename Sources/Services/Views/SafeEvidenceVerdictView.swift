/// An evidence file's check in the JSON the command line prints (`safe verify-evidence`).
public struct SafeEvidenceVerdictView: Codable, Sendable, Hashable {
    /// Whether nothing disagreed.
    public var holds: Bool
    public var checked: [String]
    public var mismatches: [String]
    public var needsNode: [String]

    /// The view of `verdict`.
    public init(_ verdict: SafeEvidenceVerdict) {
        holds = verdict.holds
        checked = verdict.checked
        mismatches = verdict.mismatches
        needsNode = verdict.needsNode
    }
}
