/// An evidence file's check in the JSON the command line prints (`safe verify-evidence`).
public struct SafeEvidenceVerdictView: Codable, Sendable, Hashable {
    /// Whether nothing disagreed.
    public var holds: Bool
    public var checked: [String]
    public var mismatches: [String]
    /// The fields not re-checked, since only a node can check them.
    public var needsNode: [String]
    /// Delegatecall targets the file's writer trusted and this verifier does not.
    public var untrustedDelegates: [String]

    /// The view of `verdict`.
    public init(_ verdict: SafeEvidenceVerdict) {
        holds = verdict.holds
        checked = verdict.checked
        mismatches = verdict.mismatches
        needsNode = verdict.needsNode
        untrustedDelegates = verdict.untrustedDelegates.map(\.checksummed)
    }
}
