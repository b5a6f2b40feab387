import EthereumKit
import Synchronization

/// Who may use a running dashboard: the holder of the link's access token (128 random bits),
/// traded once for a session cookie; only from a page this server rendered (the CSRF token in
/// every form); and only under the loopback names of the bound port (against DNS rebinding).
public final class DashboardAccess: Sendable {
    /// The token in the printed link.
    public let linkToken: String
    /// The value of the HttpOnly session cookie the link's token is traded for.
    let sessionToken: String
    /// The token every state-changing request must carry.
    public let csrfToken: String
    private let port = Mutex<Int?>(nil)

    /// The session cookie's name.
    static let cookieName = "bifrost_session"

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

    func isLinkToken(_ value: String) -> Bool { Self.same(value, linkToken) }

    func isSession(_ value: String?) -> Bool { value.map { Self.same($0, sessionToken) } ?? false }

    func isCSRF(_ value: String?) -> Bool { value.map { Self.same($0, csrfToken) } ?? false }

    private static func same(_ a: String, _ b: String) -> Bool { ConstantTime.equals(Array(a.utf8), Array(b.utf8)) }

    /// 128 bits from the system's cryptographic generator, as hex.
    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, prefix: false)
    }
}
