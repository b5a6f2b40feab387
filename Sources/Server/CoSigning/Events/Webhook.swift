import EthereumKit
import Foundation
import Services

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

    /// The value of the signature header for the delivery of event `eventID` with `body` at `time`:
    /// `t=` the Unix seconds, then `,v1=` and the hex HMAC-SHA256 under the secret of `t.ID.body`
    /// (`signedContent`). Binding the ID and the time means a captured delivery cannot be sent
    /// again under a new ID to pass deduplication, nor later than a receiver's tolerance.
    public func signature(eventID: Int64, body: [UInt8], at time: Date) -> String {
        let t = Self.seconds(time)
        return "t=\(t),v1=" + Hex.encode(HMACSHA256.tag(Self.signedContent(t: t, eventID: String(eventID), body: body), key: secret), prefix: false)
    }

    /// Whether `header` signs `body` as event `eventID` under `secret`, at a time at most
    /// `tolerance` seconds from `now`: what a receiver checks. Each `v1` is compared in constant
    /// time; any one matching is enough, so a receiver can hold an old and a new secret in turn.
    /// The time and the ID must be digits only, so no part of the body can pass for them.
    public static func verify(_ header: String, eventID: String, body: [UInt8], secret: [UInt8], now: Date = Date(),
                              tolerance: TimeInterval = 300) -> Bool {
        guard isDigits(eventID) else { return false }
        var t: Int64?, tags: [[UInt8]] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return false }
            switch pair[0] {
            case "t": t = isDigits(pair[1]) ? Int64(pair[1]) : nil
            case "v1": if let tag = try? Hex.decode(pair[1]), tag.count == 32 { tags.append(tag) }
            default: continue
            }
        }
        guard let t, abs(Double(t) - now.timeIntervalSince1970) <= tolerance else { return false }
        let content = signedContent(t: t, eventID: eventID, body: body)
        return tags.contains { HMACSHA256.verify($0, of: content, key: secret) }
    }

    /// What a delivery's HMAC covers: its time, its event ID and its body, as `t.ID.body`.
    static func signedContent(t: Int64, eventID: String, body: [UInt8]) -> [UInt8] { Array("\(t).\(eventID).".utf8) + body }

    private static func isDigits(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) } }

    /// Whole Unix seconds of `time`.
    static func seconds(_ time: Date) -> Int64 { Int64(time.timeIntervalSince1970.rounded(.down)) }

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
