/// A named risk in a Safe transaction, found on the user's machine without any outside service.
public struct SafeRisk: Sendable, Hashable {
    /// The check that found it, stable for scripts: `refund-drain`, `nonce-ahead`, `nonce-taken`,
    /// `lookalike-address`, `unknown-singleton`, `unknown-fallback-handler`, `guard-set`, or the
    /// kind of an after-state change (`singleton`, `modules`…).
    public let name: String
    public let severity: SafeStateChange.Severity
    public let message: String

    /// A risk.
    public init(_ name: String, _ severity: SafeStateChange.Severity, _ message: String) {
        self.name = name
        self.severity = severity
        self.message = message
    }
}
