import Foundation

/// Where command output goes. Task-local, so tests can run commands in-process and capture it.
/// Every line passes `TerminalText.escaped` on its way to a sink: output quotes servers, nodes and
/// files, and their text must not drive the terminal (colours, titles, clearing, fake lines).
public struct Console: Sendable {
    /// Writes one line to standard output; a block of lines may be passed joined by line feeds.
    public let out: @Sendable (String) -> Void
    /// Writes one line to standard error; a line feed in it is escaped too, errors being one line.
    public let err: @Sendable (String) -> Void

    /// A console with the given sinks, which receive the text already escaped.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = { text in out(TerminalText.escaped(text, keepingLineFeeds: true)) }
        self.err = { text in err(TerminalText.escaped(text, keepingLineFeeds: false)) }
    }

    /// The process's real stdout and stderr.
    public static let standard = Console(
        out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
        err: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    )

    /// The console commands write to.
    @TaskLocal public static var current: Console = .standard
}
