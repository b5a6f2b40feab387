import Foundation
import Services

/// Where command output goes. Task-local, so tests can run commands in-process and capture it.
/// Every line passes `UntrustedText` on its way to a sink: output quotes servers, nodes and files,
/// and their text must not drive the terminal (colours, titles, clearing). A field from outside is
/// made `UntrustedText.visible` where it is put into a line, so that its line feeds cannot forge
/// lines of ours either; what reaches the sink here is a last guard.
public struct Console: Sendable {
    /// Writes one line to standard output; a block of lines may be passed joined by line feeds.
    public let out: @Sendable (String) -> Void
    /// Writes a JSON document to standard output, the same value, its hidden characters as JSON escapes.
    public let json: @Sendable (String) -> Void
    /// Writes one line to standard error; a line feed in it is escaped too, errors being one line.
    public let err: @Sendable (String) -> Void
    /// Reports a step of slow work to a person watching: on a terminal only, so a script or a log
    /// reading standard error sees nothing but warnings and the one line of an error.
    public let progress: @Sendable (String) -> Void
    /// Whether progress reaches anyone, so work done only to report it can be skipped.
    public let showsProgress: Bool
    /// Writes a human line that is not the result (a hint where a list is empty) to standard
    /// output; `--quiet` drops it.
    public let note: @Sendable (String) -> Void

    /// A console with the given sinks, which receive the text already escaped; progress is
    /// dropped unless a sink for it is given.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                progress: (@Sendable (String) -> Void)? = nil) {
        let human: @Sendable (String) -> Void = { text in out(UntrustedText.visible(lines: text)) }
        self.out = human
        self.note = human
        self.json = { text in out(UntrustedText.terminalSafe(json: text)) }
        self.err = { text in err(UntrustedText.visible(text)) }
        if let progress {
            self.progress = { text in progress(UntrustedText.visible(text)) }
        } else {
            self.progress = { _ in }
        }
        showsProgress = progress != nil
    }

    private init(out: @escaping @Sendable (String) -> Void, json: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                 progress: @escaping @Sendable (String) -> Void, showsProgress: Bool, note: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.json = json
        self.err = err
        self.progress = progress
        self.showsProgress = showsProgress
        self.note = note
    }

    /// This console without notes and progress, for `--quiet`: results, warnings and errors remain.
    public var quiet: Console { Console(out: out, json: json, err: err, progress: { _ in }, showsProgress: false, note: { _ in }) }

    /// This console writing every address its results name with the name this home knows it by.
    public func naming(_ names: AddressNames) -> Console {
        Console(out: { out(names.annotate($0)) }, json: json, err: err, progress: progress, showsProgress: showsProgress, note: note)
    }

    /// The process's real stdout and stderr; progress goes to stderr when it is a terminal.
    public static let standard = Console(
        out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
        err: writeError,
        progress: isatty(STDERR_FILENO) != 0 ? writeError : nil
    )

    private static let writeError: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    /// The console commands write to.
    @TaskLocal public static var current: Console = .standard
}
