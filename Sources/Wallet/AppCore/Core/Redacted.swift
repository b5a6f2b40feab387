/// A secret carried by an action or kept in state (a password, a recovery phrase): its value
/// never appears in a description, a log line or a dump, only where code reads `.value`.
public struct Redacted<Value: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    public let value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
