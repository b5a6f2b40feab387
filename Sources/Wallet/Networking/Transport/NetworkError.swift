import EthereumKit

/// Why a request to a node or a web service failed. Every case prints as one line a user can act on.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer could be had at all (connection refused, unknown host, TLS failure). The text is the
    /// whole message, e.g. `cannot reach http://127.0.0.1:8545: connection refused`.
    case unreachable(String)
    /// The server accepted the connection but did not answer in time.
    case timeout(seconds: Int)
    /// The connection broke mid-exchange (closed or reset by the server or on the way): worth another try.
    case connectionLost(String)
    /// Reads were retried until the deadline; `cause` is the last failure, as it reads.
    case gaveUp(origin: String, seconds: Int, cause: String)
    /// A non-2xx HTTP status, with the start of the body (about 200 characters, on one line).
    case httpStatus(Int, body: String)
    /// The answer was not what the protocol promises: not JSON, the wrong shape, a mismatched id.
    case invalidResponse(String)
    /// A JSON-RPC error object: the node's code and message, and its `data` (revert data as hex for a
    /// geth revert; other JSON as compact text).
    case rpc(code: Int, message: String, data: String?)
    /// The calling task was cancelled.
    case cancelled
    /// A listing still named a next page after this many: a service whose pages never end.
    case tooManyPages(Int)

    public var description: String {
        // Texts from servers may hold line breaks; a one-line error must not.
        line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private var line: String {
        switch self {
        case .unreachable(let message):
            return message
        case .timeout(let seconds):
            return "no answer within \(seconds) s; check the URL and that the node is running, or try again"
        case .connectionLost(let message):
            return message
        case .gaveUp(let origin, let seconds, let cause):
            return "gave up on \(origin) after \(seconds) s of retries: \(cause)"
        case .httpStatus(let status, let body):
            let reason = body.isEmpty ? "" : ": \(body)"
            return "the server answered HTTP \(status)\(reason)"
        case .invalidResponse(let message):
            return "unexpected answer from the server: \(message)"
        case .rpc(let code, let message, let data):
            var line = "the node refused the request: \(message) (code \(code))"
            if let data, !data.isEmpty { line += ", data \(Self.clip(data, to: 74))" }
            return line
        case .cancelled:
            return "the request was cancelled"
        case .tooManyPages(let pages):
            return "the service still named a next page after \(pages) pages; stopped there (a listing that never ends is not a real one)"
        }
    }

    /// The revert data of an `.rpc` error when it carries hex bytes (e.g. `0x08c379a0…` for `Error(string)`).
    public var revertData: [UInt8]? {
        guard case .rpc(_, _, let data?) = self, Hex.hasPrefix(data) else { return nil }
        return try? [UInt8](hex: data)
    }

    /// Whether the node refused what was asked (too large a batch or block range, a method it does
    /// not serve) rather than failing: asking for less may work. Providers word these differently,
    /// so the kind of failure decides, not the text; only "no such method" (-32601, the standard's
    /// own code) says that asking for less cannot help.
    public var isRefusal: Bool {
        switch self {
        case .rpc(let code, _, _): return code != -32601
        case .httpStatus(let status, _): return (400..<500).contains(status) && status != 429
        default: return false
        }
    }

    /// True for a JSON-RPC error that reports a reverted call (geth code 3, or "execution reverted" text).
    public var isRevert: Bool {
        guard case .rpc(let code, let message, _) = self else { return false }
        return code == 3 || message.lowercased().contains("revert")
    }

    /// The start of a body as one line: error pages are long and multi-line, and the error must stay one line.
    static func excerpt(_ body: [UInt8], limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let oneLine = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        return clip(oneLine, to: limit)
    }

    static func clip(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
