import EthereumKit
import Synchronization

/// Who may use a running dashboard: the holder of the link's access token (128 random bits),
/// traded once, and only once, for a session cookie; only from a page this server rendered (the
/// CSRF token in every form); and only under the loopback names of the bound port (against DNS
/// rebinding).
public final class DashboardAccess: Sendable {
    /// The token in the printed link.
    public let linkToken: String
    /// The value of the HttpOnly session cookie the link's token is traded for.
    let sessionToken: String
    /// The token every state-changing request must carry.
    public let csrfToken: String
    private let port = Mutex<Int?>(nil)
    private let linkSpent = Mutex(false)

    /// The session cookie's name, with the port in it: browsers send a cookie of 127.0.0.1 to every
    /// port, so another local server must not receive this one, nor another dashboard's replace it.
    var cookieName: String { "bifrost_session_\(boundPort ?? 0)" }

    /// Fresh random tokens; `port` is the port served on, when already known.
    public init(port: Int? = nil) {
        linkToken = Self.randomToken()
        sessionToken = Self.randomToken()
        csrfToken = Self.randomToken()
        self.port.withLock { $0 = port }
    }

    /// The port the server bound, once it is known (a port of 0 asks the system for one).
    public var boundPort: Int? { port.withLock { $0 } }

    /// Records the port the server bound.
    public func bound(to port: Int) { self.port.withLock { $0 = port } }

    /// The link that opens the dashboard, with its access token.
    public var link: String { "http://127.0.0.1:\(boundPort ?? 0)/?token=\(linkToken)" }

    /// Whether a Host header names this server by a loopback name and its port.
    func allows(host: String?) -> Bool {
        guard let host, let port = boundPort else { return false }
        return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    }

    /// True the first time the link's token is given, and never after: a copied link, a shared
    /// screen or the browser's history cannot open a second session.
    func spendLinkToken(_ value: String) -> Bool {
        guard Self.same(value, linkToken) else { return false }
        return linkSpent.withLock { spent in
            defer { spent = true }
            return !spent
        }
    }

    func isSession(_ value: String?) -> Bool { value.map { Self.same($0, sessionToken) } ?? false }

    func isCSRF(_ value: String?) -> Bool { value.map { Self.same($0, csrfToken) } ?? false }

    private static func same(_ a: String, _ b: String) -> Bool { ConstantTime.equals(Array(a.utf8), Array(b.utf8)) }

    /// 128 bits from the system's cryptographic generator, as hex.
    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, prefix: false)
    }
}
