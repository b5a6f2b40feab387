import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a secret read from a file, a variable or a terminal becomes text: the one rule for
/// passwords, BIP39 passphrases, API keys and webhook secrets, wherever a front end reads them.
///
/// - The bytes must be UTF-8. Anything else is refused, never repaired: a repair would turn two
///   different byte strings into one password.
/// - A file of one secret drops exactly one final line ending, `\n` or `\r\n`, and nothing else
///   (no spaces). What is left must be one line: a second line, or a carriage return left inside,
///   is refused rather than silently kept in, or cut from, the secret.
/// - A leading byte order mark (U+FEFF, what Notepad's "UTF-8 with BOM" writes) is refused, not
///   dropped and not kept: kept, it would be an invisible first character of the password or key.
/// - A file of several secrets (API keys, webhooks) splits at `\n`; each line drops one final `\r`.
/// - A variable reads like a file of one secret, and also drops the lone final `\r` that
///   `$(cat FILE)` leaves of a file with Windows line endings.
///
/// So no reading ever yields a secret with a carriage return or a line feed in it, or one that
/// starts with a byte order mark. A `SecretReading` also says what was dropped, which tells what
/// an older Bifrost made of the same bytes (`LegacyLineEnding.forms(of:)`).
public enum SecretText {
    /// The text of `bytes`, which must be UTF-8 as they are.
    public static func utf8(_ bytes: [UInt8]) throws(SecretTextError) -> String {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: throw .notUTF8(offset: consumed)
            }
        }
    }

    /// The secret a file of one secret holds (see the rules above).
    public static func single(_ bytes: [UInt8]) throws(SecretTextError) -> String {
        try reading(bytes, from: .file).text
    }

    /// The secret a variable holds: as `single`, and a lone final `\r` dropped as well.
    public static func variable(_ bytes: [UInt8]) throws(SecretTextError) -> String {
        try reading(bytes, from: .variable).text
    }

    /// `bytes` read as a secret from `source`: a file or a variable drops its final line ending
    /// (see the rules above), what was typed is taken as it is; each must then be one line of UTF-8
    /// without a byte order mark.
    public static func reading(_ bytes: [UInt8], from source: SecretReading.Source) throws(SecretTextError) -> SecretReading {
        var body = bytes[...]
        var dropped: LegacyLineEnding?
        if source != .typed, body.last == lineFeed {
            body = body.dropLast()
            dropped = .lf
            if body.last == carriageReturn {
                body = body.dropLast()
                dropped = .crlf
            }
        } else if source == .variable, body.last == carriageReturn {
            body = body.dropLast()
            dropped = .cr
        }
        return SecretReading(text: try oneLine(body), source: source, droppedEnding: dropped)
    }

    /// The text of a file of several secrets (split it with `lines`): UTF-8, without a byte order mark.
    public static func several(_ bytes: [UInt8]) throws(SecretTextError) -> String {
        let text = try utf8(bytes)
        if bytes.starts(with: byteOrderMark) { throw .byteOrderMark }
        return text
    }

    /// The lines of a file of several secrets, each without its line ending; the text after the
    /// last `\n` is the last line (empty when the file ends with one).
    public static func lines(_ text: String) -> [String] {
        Array(text.utf8).split(separator: lineFeed, omittingEmptySubsequences: false).map { line in
            // Split at ASCII bytes, so each piece of valid UTF-8 is valid UTF-8 again.
            String(decoding: line.last == carriageReturn ? line.dropLast() : line, as: UTF8.self)
        }
    }

    /// The secret in the file at `path` (`-` is standard input).
    public static func file(_ path: String, files: FileAccess = .live) throws(SecretTextError) -> String {
        try fileReading(path, files: files).text
    }

    /// `file`, with what the reading dropped.
    public static func fileReading(_ path: String, files: FileAccess = .live) throws(SecretTextError) -> SecretReading {
        let bytes: [UInt8]
        do { bytes = try files.read(path) } catch { throw .unreadable(error) }
        return try reading(bytes, from: .file)
    }

    /// The secret in the process's variable `name`, as its bytes are, not as Foundation decodes
    /// them; nil when it is unset or empty.
    public static func environment(_ name: String) throws(SecretTextError) -> String? {
        try environmentReading(name)?.text
    }

    /// `environment`, with what the reading dropped.
    public static func environmentReading(_ name: String) throws(SecretTextError) -> SecretReading? {
        guard let raw = getenv(name) else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        guard !bytes.isEmpty else { return nil }
        return try reading(bytes, from: .variable)
    }

    private static func oneLine(_ body: ArraySlice<UInt8>) throws(SecretTextError) -> String {
        let text = try utf8(Array(body))
        if body.starts(with: byteOrderMark) { throw .byteOrderMark }
        if body.contains(lineFeed) { throw .severalLines }
        if body.contains(carriageReturn) { throw .carriageReturn }
        return text
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    /// U+FEFF in UTF-8.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// Why a secret could not be read; no case ever carries any of the secret's text.
public enum SecretTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(FileAccessError)
    /// The bytes are not UTF-8; `offset` counts the bytes before the first one that is not.
    case notUTF8(offset: Int)
    /// More than one line is left once the final line ending is dropped.
    case severalLines
    /// A carriage return without its line feed is left in the line (an old Mac line ending?).
    case carriageReturn
    /// The secret starts with a byte order mark (U+FEFF), as Notepad's "UTF-8 with BOM" writes.
    case byteOrderMark

    public var description: String {
        switch self {
        case .unreadable(let error):
            return error.description
        case .notUTF8(let offset):
            return "the secret is not UTF-8 text (byte \(offset + 1) is not); it is refused rather than guessed at"
        case .severalLines:
            return "a secret is one line (a final line ending is dropped, nothing else), but this holds more than one"
        case .carriageReturn:
            return "the secret holds a carriage return that does not end the line; save it with \\n or \\r\\n line endings"
        case .byteOrderMark:
            return "the secret starts with a byte order mark (U+FEFF, what Notepad's \"UTF-8 with BOM\" writes), which would be an invisible part of it; "
                + "save the file as UTF-8 without the mark"
        }
    }
}
