import Foundation

/// Where a command writes a document it was asked to save: a file (written whole, atomically, so
/// a reader never sees half of it), or standard output for `-`.
enum OutFile {
    /// Writes `text` to `path` (`-`: stdout); false when it went to stdout, so no report follows.
    /// A JSON document goes to stdout as the same JSON; a sheet, as the lines a person reads.
    static func write(_ text: String, to path: String, isJSON: Bool) throws -> Bool {
        if path == "-" {
            // The console shows a carriage return as a code point; a terminal or a pipe takes plain line feeds.
            let body = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .newlines)
            if isJSON { Console.current.json(body) } else { Console.current.out(body) }
            return false
        }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw InputError(option: "--out", reason: "cannot write \(path): \(error.localizedDescription)")
        }
        return true
    }
}
