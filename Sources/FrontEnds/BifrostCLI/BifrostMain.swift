import ArgumentParser
import Services

/// Runs the `bifrost` command line: parses, runs, and turns every error into one line on stderr.
public enum BifrostMain {
    /// Runs with `arguments` (without the program name) and returns the process exit code.
    public static func run(arguments given: [String] = Array(CommandLine.arguments.dropFirst())) async -> Int32 {
        let arguments = GlobalArguments.hoisted(given)
        let options = arguments.prefix { $0 != "--" }
        let console = options.contains("--quiet") ? Console.current.quiet : Console.current
        return await Console.$current.withValue(console) { await run(parsing: arguments, console: console) }
    }

    private static func run(parsing arguments: [String], console: Console) async -> Int32 {
        ProcessDefaults.showNetworkNotices { console.err("note: \($0)") }
        let refused = RefusedValues()
        do {
            var command = try RefusedValues.$current.withValue(refused) { try BifrostCommand.parseAsRoot(arguments) }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = BifrostCommand.exitCode(for: error)
            let flagGroup = arguments.prefix { $0 != "--" }.first { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 }
            // A group command without its subcommand (`bifrost key`) asks for help too.
            if code == .success, asksForHelp(arguments) || flagGroup == nil {
                console.out(BifrostCommand.fullMessage(for: error))
                return 0
            }
            if code == .success {
                // ArgumentParser reads `-1ether` as the flags `-1 -e -t -h …` and finds `-h` in it.
                console.err("error: unknown option '\(flagGroup ?? "")'; a value that starts with '-' goes after '--' (see --help)")
                return ExitCode.validationFailure.rawValue
            }
            // A typed value that did not parse: the option and the reason, exit 1 like any bad value.
            let first = BifrostCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
            if let line = RefusedValueWording.line(for: first, refused: refused) {
                console.err("error: " + line)
                return ExitCode.failure.rawValue
            }
            console.err("error: " + oneLine(error))
            return code.rawValue
        }
    }

    /// Whether the user typed a help or version request, rather than ArgumentParser finding an
    /// `h` inside a group of short flags.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        let options = arguments.prefix { $0 != "--" }
        return options.contains { ["-h", "--help", "--version", "help"].contains($0) }
    }

    /// The reason for `error` as a single line: Bifrost's errors describe themselves (in the CLI's
    /// words where `ErrorWording` has some), and argument
    /// errors get ArgumentParser's message with a pointer to --help instead of the full usage.
    static func oneLine(_ error: any Error) -> String {
        let message = ErrorWording.text(for: error) ?? BifrostCommand.message(for: error)
        let first = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "failed"
        return BifrostCommand.exitCode(for: error) == .validationFailure ? first + " (see --help)" : first
    }
}
