import Foundation

/// Where a command writes a document it was asked to save: a file (written whole, atomically, so
/// a reader never sees half of it), or standard output for `-`.
enum OutFile {
    /// Writes `text` to `path` (`-`: stdout); false when it went to stdout, so no report follows.
    static func write(_ text: String, to path: String) throws -> Bool {
        if path == "-" {
            // The console shows a carriage return as an escape; a terminal or a pipe takes plain line feeds.
            Console.current.out(text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .newlines))
            return false
        }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw InputError(option: "--out", reason: "cannot write \(path): \(error.localizedDescription)")
        }
        return true
    }
}
