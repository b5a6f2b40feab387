import EthereumKit
import Foundation
import Services

/// The API keys a co-signing server takes for writes, read from a file only its owner can read:
/// one key per line, optionally followed by that key's requests per minute; `#` starts a comment.
public struct APIKeys: Sendable {
    /// One accepted key: its bytes (kept only to compare in constant time), its rate and a label
    /// for logs that is not the key.
    struct Entry: Sendable {
        let key: [UInt8]
        let perMinute: Int
        let label: String
    }

    let entries: [Entry]

    /// How many keys are accepted.
    public var count: Int { entries.count }

    /// Keys from `text`; `defaultPerMinute` applies where a line names no rate.
    public init(text: String, defaultPerMinute: Int) throws(APIKeysError) {
        var entries: [Entry] = []
        for (n, words) in PrivateFile.lines(text) {
            guard words.count <= 2, words[0].count >= 16 else {
                throw APIKeysError("line \(n): a key of 16 or more characters, then optionally its requests per minute")
            }
            var rate = defaultPerMinute
            if words.count == 2 {
                guard let r = Int(words[1]), r > 0 else { throw APIKeysError("line \(n): the rate must be a positive whole number") }
                rate = r
            }
            entries.append(Entry(key: Array(words[0].utf8), perMinute: rate, label: "key \(entries.count + 1) (line \(n))"))
        }
        guard !entries.isEmpty else { throw APIKeysError("the file holds no key") }
        self.entries = entries
    }

    /// Keys from the file at `path`, which must not be readable by group or others.
    public init(file path: String, defaultPerMinute: Int) throws(APIKeysError) {
        switch PrivateFile.text(path) {
        case .success(let text): try self.init(text: text, defaultPerMinute: defaultPerMinute)
        case .failure(let error): throw APIKeysError(error.reason)
        }
    }

    /// The entry `presented` matches. Every key is compared in full, so the time taken does not
    /// tell how much of a key was right or which key matched.
    func entry(for presented: String) -> Entry? {
        let bytes = Array(presented.utf8)
        var found: Entry?
        for entry in entries where ConstantTime.equals(entry.key, bytes) { found = entry }
        return found
    }
}

/// Why an API key file was refused; it names the line, never a key.
public struct APIKeysError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
