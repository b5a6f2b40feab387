/// A secret as one reading gave it: its text, where it came from, and the line ending the reading
/// dropped from its end. What an older Bifrost made of the same bytes follows from these.
public struct SecretReading: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Where a secret was read from; an older Bifrost treated each differently.
    public enum Source: Sendable, Equatable {
        /// A file of one secret (`--password-file`, `--passphrase-file`, `--keystore-password-file`…).
        case file
        /// A process variable (`BIFROST_PASSWORD`…).
        case variable
        /// Typed at a prompt or into a form: there is no line ending to drop, and nothing says
        /// how the same secret was read before.
        case typed
    }

    /// The secret.
    public let text: String
    /// Where it was read from.
    public let source: Source
    /// The line ending dropped from the end of the bytes; nil when there was none.
    public let droppedEnding: LegacyLineEnding?

    /// A secret read from `source`, with `droppedEnding` dropped (as `SecretText.reading` gives it).
    public init(text: String, source: Source, droppedEnding: LegacyLineEnding?) {
        self.text = text
        self.source = source
        self.droppedEnding = droppedEnding
    }

    /// A secret typed at a prompt or into a form.
    public static func typed(_ text: String) -> SecretReading { SecretReading(text: text, source: .typed, droppedEnding: nil) }

    /// Where it came from and what was dropped, never the secret: a reading that reaches a log stays harmless.
    public var description: String { "a secret read from \(source), \(droppedEnding.map { "\($0) dropped" } ?? "nothing dropped")" }
    public var debugDescription: String { description }
}
