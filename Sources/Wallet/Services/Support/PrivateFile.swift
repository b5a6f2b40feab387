import Foundation

/// A file of secrets (API keys, webhook secrets): read only when no one but its owner can read it.
package enum PrivateFile {
    /// The file's text, or why it is refused; the reason never quotes the contents.
    package static func text(_ path: String) -> Result<String, PrivateFileError> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let data = FileManager.default.contents(atPath: path) else {
            return .failure(PrivateFileError(reason: "cannot read \(path)"))
        }
        if let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            return .failure(PrivateFileError(reason: "\(path) is readable by others (mode \(String(mode, radix: 8))); chmod 600 it"))
        }
        do { return .success(try SecretText.several([UInt8](data))) } catch {
            return .failure(PrivateFileError(reason: "\(path): \(error.description)"))
        }
    }

    /// The lines of `text` (as `SecretText.lines` splits them) with `#` comments cut, split into
    /// words; blank lines left out, with their 1-based line numbers.
    package static func lines(_ text: String) -> [(number: Int, words: [Substring])] {
        SecretText.lines(text).enumerated().compactMap { n, raw in
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            return words.isEmpty ? nil : (n + 1, words)
        }
    }
}

/// Why a secrets file was refused.
package struct PrivateFileError: Error {
    package let reason: String
}
