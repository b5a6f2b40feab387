@testable import BifrostCLI
import Foundation

/// `bifrost`'s command tree as ArgumentParser itself describes it (what `--experimental-dump-help`
/// prints), to check a written command line without running it: the command path, every option's
/// name, whether it takes a value, and how many positional values the command takes. Values are
/// never read, so a placeholder (`0x5f3a…9c1e`, `<file>`, `FILE`) stands for any value.
struct CommandTree {
    struct Command: Decodable {
        let commandName: String
        let aliases: [String]?
        let subcommands: [Command]?
        let defaultSubcommand: String?
        let arguments: [Argument]?

        /// The subcommand called `word`, by name or alias.
        func subcommand(_ word: String) -> Command? {
            subcommands?.first { $0.commandName == word || ($0.aliases ?? []).contains(word) }
        }
    }

    struct Argument: Decodable {
        enum Kind: String, Decodable { case positional, option, flag }
        struct Name: Decodable {
            let kind: String
            let name: String
            /// As typed: `--name`, `-n`, or `-name` for a long name with a single dash.
            var spelled: String { kind == "long" ? "--" + name : "-" + name }
        }
        let kind: Kind
        let names: [Name]?
        let isOptional: Bool
        let isRepeating: Bool
    }

    private struct Dump: Decodable { let command: Command }

    let root: Command

    /// The tree of the real `bifrost` command.
    static func bifrost() throws -> CommandTree {
        CommandTree(root: try JSONDecoder().decode(Dump.self, from: Data(BifrostCommand._dumpHelp().utf8)).command)
    }

    /// What is wrong with `arguments` (the words after `bifrost`), one sentence each; none when
    /// they name a real command, only its real options (each option given a value and each flag
    /// none), and as many positional values as the command takes. Global options may lead, as
    /// the CLI allows.
    func problems(_ arguments: [String]) -> [String] {
        var words = GlobalArguments.hoisted(arguments)[...]
        if words.first == "help" { return helpProblems(Array(words.dropFirst())) }
        var command = root
        var path = "bifrost"
        while let word = words.first, let next = command.subcommand(word) {
            command = next
            path += " " + word
            words = words.dropFirst()
        }
        if let subcommands = command.subcommands, !subcommands.isEmpty {
            if let name = command.defaultSubcommand, let fallback = command.subcommand(name) {
                command = fallback
            } else if let word = words.first, !Self.asksForHelp(word) {
                return ["'\(path)' has no subcommand '\(word)' (it has \(subcommands.map(\.commandName).joined(separator: ", ")))"]
            }
        }
        return argumentProblems(Array(words), of: command, path: path)
    }

    /// `bifrost help a b`: the words must be a command path.
    private func helpProblems(_ words: [String]) -> [String] {
        var command = root
        for word in words {
            guard let next = command.subcommand(word) else { return ["'bifrost help': no command '\(words.joined(separator: " "))'"] }
            command = next
        }
        return []
    }

    private func argumentProblems(_ words: [String], of command: Command, path: String) -> [String] {
        let arguments = command.arguments ?? []
        var problems: [String] = []
        var positionals = 0
        var help = false
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                positionals += words.count - index
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                positionals += 1
                continue
            }
            let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            let attached = name.count < word.count
            if Self.asksForHelp(name) || (name == "--version" && path == "bifrost") {
                help = true
                continue
            }
            guard let argument = arguments.first(where: { ($0.names ?? []).contains { $0.spelled == name } }) else {
                problems.append("'\(path)' has no option \(name)")
                continue
            }
            switch argument.kind {
            case .flag where attached:
                problems.append("'\(path)': \(name) is a flag and takes no value")
            case .option where !attached:
                if index < words.count, !words[index].hasPrefix("--") {
                    index += 1
                } else {
                    problems.append("'\(path)': \(name) needs a value")
                }
            default:
                break
            }
        }
        let declared = arguments.filter { $0.kind == .positional }
        if !declared.contains(where: \.isRepeating), positionals > declared.count {
            problems.append("'\(path)' takes \(declared.count) positional value(s), not \(positionals)")
        }
        let required = declared.filter { !$0.isOptional }.count
        if !help, positionals < required {
            problems.append("'\(path)' needs \(required) positional value(s), not \(positionals)")
        }
        return problems
    }

    /// ArgumentParser's own help flags, which every command takes.
    private static func asksForHelp(_ word: String) -> Bool { word == "-h" || word == "--help" }
}
