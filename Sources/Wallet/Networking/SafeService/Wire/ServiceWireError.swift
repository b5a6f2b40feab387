/// A Transaction Service body that does not read: the field, as the service names it, and why.
/// The client reports it as an invalid response; `bifrost serve` as a 400 naming the field.
public struct ServiceWireError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let reason: String

    /// A refusal of `field` for `reason`.
    public init(_ field: String, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\"\(field)\": \(reason)" }
}
