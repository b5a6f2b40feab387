import Foundation

/// A command line from a shell block of a document, with where it starts.
struct DocShellLine: Equatable {
    /// The document, relative to the repository (`docs/cli.md`).
    let file: String
    /// The line the command starts on, from 1.
    let line: Int
    /// The command, its continuation lines joined and its comments dropped.
    let code: String

    /// `docs/cli.md:42`.
    var place: String { "\(file):\(line)" }
}

/// The command lines of a Markdown document's shell blocks (```sh, ```bash, ```shell, ```zsh and
/// ```console). A line ending in `\` goes on with the next; comments are dropped first. In a
/// console block only the commands after a `$ ` prompt count (the rest is output); a prompt is
/// taken off in the other blocks too.
enum DocShellBlocks {
    /// The info strings of the fenced blocks read as shell.
    static let shellLanguages: Set<String> = ["sh", "bash", "shell", "zsh", "console"]

    static func lines(of markdown: String, file: String) -> [DocShellLine] {
        var result: [DocShellLine] = []
        var language: String?
        var pending: (line: Int, code: String)?
        for (index, text) in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let open = pending { result.append(DocShellLine(file: file, line: open.line, code: open.code)) }
                pending = nil
                // A fence opens a block, with its language, or closes the open one.
                language = language == nil ? (trimmed.dropFirst(3).split(separator: " ").first.map { $0.lowercased() } ?? "") : nil
                continue
            }
            guard let language, shellLanguages.contains(language) else { continue }
            var code = ShellWords.code(of: text)
            if pending == nil {
                let start = code.trimmingCharacters(in: .whitespaces)
                if start.hasPrefix("$ ") {
                    code = String(start.dropFirst(2))
                } else if language == "console" {
                    continue
                }
            }
            let body = code.trimmingCharacters(in: .whitespaces)
            let continues = body.hasSuffix("\\")
            let part = continues ? String(body.dropLast()) : body
            let joined = pending.map { $0.code + " " + part } ?? part
            let startLine = pending?.line ?? index + 1
            if continues {
                pending = (startLine, joined)
            } else {
                pending = nil
                if !joined.trimmingCharacters(in: .whitespaces).isEmpty { result.append(DocShellLine(file: file, line: startLine, code: joined)) }
            }
        }
        if let open = pending { result.append(DocShellLine(file: file, line: open.line, code: open.code)) }
        return result
    }
}
