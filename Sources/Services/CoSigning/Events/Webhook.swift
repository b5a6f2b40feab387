import EthereumKit
import Foundation

/// A receiver of a co-signing server's events, with the secret each delivery to it is signed with.
public struct Webhook: Sendable, CustomStringConvertible {
    /// Where events are POSTed.
    public let url: URL
    /// The HMAC key; never printed.
    let secret: [UInt8]

    /// A webhook at `url` (http or https, with a host) signed with `secret` (16 characters or more).
    public init(url text: String, secret: String) throws(WebhookError) {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false, url.user == nil,
              url.fragment == nil else {
            throw WebhookError("'\(text)' is not an http:// or https:// URL such as https://hooks.example.org/safe")
        }
        guard secret.count >= 16 else { throw WebhookError("the secret for \(text) is shorter than 16 characters") }
        self.url = url
        self.secret = Array(secret.utf8)
    }

    /// Webhooks from a file only its owner can read: one per line, the URL then its secret; `#` starts a comment.
    public static func file(_ path: String) throws(WebhookError) -> [Webhook] {
        let text: String
        switch PrivateFile.text(path) {
        case .success(let read): text = read
        case .failure(let error): throw WebhookError(error.reason)
        }
        var hooks: [Webhook] = []
        for (n, words) in PrivateFile.lines(text) {
            guard words.count == 2 else { throw WebhookError("\(path) line \(n): a URL, then its secret") }
            do { hooks.append(try Webhook(url: String(words[0]), secret: String(words[1]))) } catch {
                throw WebhookError("\(path) line \(n): \(error.description)")
            }
        }
        guard !hooks.isEmpty else { throw WebhookError("\(path) names no webhook") }
        return hooks
    }

    /// The value of the signature header for `body`: `sha256=` and the hex HMAC-SHA256 under the secret.
    public func signature(of body: [UInt8]) -> String { Self.signaturePrefix + Hex.encode(HMACSHA256.tag(body, key: secret), prefix: false) }

    /// Whether `header` is the signature of `body` under `secret`, compared in constant time: what a receiver checks.
    public static func verify(_ header: String, body: [UInt8], secret: [UInt8]) -> Bool {
        guard header.hasPrefix(signaturePrefix), let tag = try? Hex.decode(String(header.dropFirst(signaturePrefix.count))) else { return false }
        return HMACSHA256.verify(tag, of: body, key: secret)
    }

    static let signaturePrefix = "sha256="

    /// The scheme, host and port only: a webhook's path or query often holds a token of its own
    /// (as chat services' hook URLs do), so logs show neither.
    public var description: String {
        let port = url.port.map { ":\($0)" } ?? ""
        let more = url.path.isEmpty || url.path == "/" ? (url.query == nil ? "" : "/…") : "/…"
        return "\(url.scheme ?? "http")://\(url.host ?? "")\(port)\(more)"
    }
}

/// Why a webhook was refused; never quotes a secret.
public struct WebhookError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
