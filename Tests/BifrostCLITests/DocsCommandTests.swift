@testable import BifrostCLI
import Foundation
import Testing

/// Every command the README and docs/ show must run as written: each `bifrost …` line of their
/// shell blocks names a real command and real flags of the command tree ArgumentParser builds, so
/// renaming a command or a flag without the docs fails here.
@Suite("docs: the bifrost lines of README.md and docs/ name real commands and flags")
struct DocsCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// README.md and every Markdown file under docs/, as paths relative to the repository.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// Each `bifrost` command in `markdown`'s shell blocks: where it is, and its words after `bifrost`.
    static func bifrostCommands(in markdown: String, file: String) -> [(line: DocShellLine, arguments: [String])] {
        DocShellBlocks.lines(of: markdown, file: file).flatMap { line in
            ShellWords.commands(in: line.code).filter { $0.first == "bifrost" }.map { (line, Array($0.dropFirst())) }
        }
    }

    static func commands(of file: String) throws -> [(line: DocShellLine, arguments: [String])] {
        bifrostCommands(in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
    }

    @Test("each bifrost line of every shell block names a real command, real flags and its positional values")
    func everyLine() throws {
        let tree = try CommandTree.bifrost()
        for file in try Self.documents() {
            for (line, arguments) in try Self.commands(of: file) {
                let problems = tree.problems(arguments)
                #expect(problems.isEmpty, "\(line.place): bifrost \(arguments.joined(separator: " ")): \(problems.joined(separator: "; "))")
            }
        }
    }

    @Test("the blocks are found: the README's tour, the CLI guide, the server's and the tests' commands")
    func linesAreFound() throws {
        #expect(try Self.commands(of: "README.md").count >= 10)
        #expect(try Self.commands(of: "docs/cli.md").count >= 80)
        #expect(try Self.commands(of: "docs/server.md").count >= 8)
        #expect(try Self.commands(of: "docs/dashboard.md").count >= 3)
    }

    @Test("the CLI guide shows every command of the tree at least once")
    func everyCommandShown() throws {
        let tree = try CommandTree.bifrost()
        func leaves(_ command: CommandTree.Command, _ path: [String]) -> [[String]] {
            guard let subcommands = command.subcommands, !subcommands.isEmpty else { return [path] }
            return subcommands.flatMap { leaves($0, path + [$0.commandName]) }
        }
        let shown = try Self.commands(of: "docs/cli.md").map { GlobalArguments.hoisted($0.arguments) }
        for leaf in leaves(tree.root, []) where leaf != ["help"] {
            let named = shown.contains { words in
                Array(words.prefix(leaf.count)) == leaf
                    // A default subcommand may go unnamed: `bifrost rates --coins …` is `rates now`.
                    || (leaf.last == "now" && Array(words.prefix(leaf.count - 1)) == Array(leaf.dropLast()))
            }
            #expect(named, "docs/cli.md shows no 'bifrost \(leaf.joined(separator: " "))'")
        }
    }

    @Test("a wrong flag, a wrong command, a flag with a value, an option without one and a wrong count are each found")
    func wrongLinesFail() throws {
        let tree = try CommandTree.bifrost()
        #expect(!tree.problems(["safe", "propose", "0x2c4a…77b0", "--too", "0x9965…A4dc", "--value", "2ether"]).isEmpty)
        #expect(!tree.problems(["safe", "proposal", "0x2c4a…77b0"]).isEmpty)
        #expect(!tree.problems(["wallet", "list"]).isEmpty)
        #expect(!tree.problems(["key", "list", "--json=yes"]).isEmpty)
        #expect(!tree.problems(["key", "export", "--name", "dora", "--out"]).isEmpty)
        #expect(!tree.problems(["safe", "queue"]).isEmpty)
        #expect(!tree.problems(["util", "to-wei", "3gwei", "4gwei"]).isEmpty)
        #expect(!tree.problems(["help", "safe", "proposal"]).isEmpty)
        #expect(!tree.problems(["--jsn", "key", "list"]).isEmpty)
    }

    @Test("placeholders pass as values, and global options lead or follow")
    func placeholdersPass() throws {
        let tree = try CommandTree.bifrost()
        #expect(tree.problems(["safe", "export", "0x2c4a…77b0", "--out", "<file>"]) == [])
        #expect(tree.problems(["--json", "--home", "DIR", "safe", "sign", "0x2c4a…77b0", "--key", "NAME"]) == [])
        #expect(tree.problems(["safe", "propose", "0x2c4a…77b0", "--to=0x9965…A4dc", "--value", "-", "--json"]) == [])
        #expect(tree.problems(["help", "safe", "message", "propose"]) == [])
        #expect(tree.problems(["safe", "--help"]) == [])
    }

    @Test("a Markdown text: continuations joined, comments, prompts, output, assignments, redirections and other blocks")
    func extraction() {
        let markdown = """
        Prose with `bifrost nonsense --nope` is not a shell block.
        ```sh
        # a comment line
        bifrost key new --name erin \\
          --words 15   # a comment that says --nope
        BIFROST_PASSWORD=$(cat "pw file.txt") bifrost key list > keys.txt 2>&1; bifrost network list
        echo bifrost --nope | bifrost util keccak --text 'a # b'
        ```
        ```console
        $ bifrost util to-wei 2ether
        2000000000000000000
        ```
        ```python
        bifrost = "not shell"
        ```
        ```text
        bifrost drawing --nope
        ```
        """
        let found = Self.bifrostCommands(in: markdown, file: "x.md")
        #expect(found.map(\.arguments) == [
            ["key", "new", "--name", "erin", "--words", "15"],
            ["key", "list"],
            ["network", "list"],
            ["util", "keccak", "--text", "a # b"],
            ["util", "to-wei", "2ether"],
        ])
        #expect(found.map(\.line.line) == [4, 6, 6, 7, 10])
        #expect(ShellWords.commands(in: #"bifrost completion zsh  > "${fpath[1]}/_bifrost""#) == [["bifrost", "completion", "zsh"]])
        #expect(ShellWords.commands(in: "bifrost safe import <file>") == [["bifrost", "safe", "import", "<file>"]])
    }

    @Test("a wrong flag in a document's shell block fails the check end to end")
    func wrongFlagInDocument() throws {
        let tree = try CommandTree.bifrost()
        let markdown = "```sh\nbifrost safe execute 0x2c4a…77b0 --key frank --wiat\n```\n"
        let problems = Self.bifrostCommands(in: markdown, file: "x.md").flatMap { tree.problems($0.arguments) }
        #expect(problems == ["'bifrost safe execute' has no option --wiat"])
    }
}
