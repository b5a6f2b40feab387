import Foundation

/// Where command output goes. Task-local, so tests can run commands in-process and capture it.
public struct Console: Sendable {
    /// Writes one line to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes one line to standard error.
    public var err: @Sendable (String) -> Void

    /// A console with the given sinks.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's real stdout and stderr.
    public static let standard = Console(
        out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
        err: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    )

    /// The console commands write to.
    @TaskLocal public static var current: Console = .standard
}
