import Foundation
import Synchronization

/// Where the links of paged answers point: the configured public URL, else the listen address
/// and the port bound. Never a request's Host or X-Forwarded-Proto header, which any client sets.
public final class PageLinks: Sendable {
    private let publicBase: String?
    private let host: String
    private let port = Mutex<Int?>(nil)

    /// Links to `publicURL` when given, else to `host` (a wildcard address named as loopback).
    public init(publicURL: URL?, host: String) {
        publicBase = publicURL.map { url in
            var text = url.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        self.host = host
    }

    /// Records the port the server bound.
    public func bound(to port: Int) { self.port.withLock { $0 = port } }

    /// `scheme://host[:port]`, with no trailing slash.
    public var base: String {
        if let publicBase { return publicBase }
        let name = ["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : host
        let shown = name.contains(":") ? "[\(name)]" : name
        return port.withLock { $0 }.map { "http://\(shown):\($0)" } ?? "http://\(shown)"
    }
}
