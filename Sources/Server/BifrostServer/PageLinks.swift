import Foundation
import Synchronization

/// Where the links of paged answers point: the configured public URL, else the listen address
/// and the port bound. Never a request's Host or X-Forwarded-Proto header, which any client sets.
public final class PageLinks: Sendable {
    private let publicBase: String?
    private let host: String
    private let port = Mutex<Int?>(nil)
    /// For a chain's links: the server's links, and the chain's path before `/api`.
    private let parent: PageLinks?
    private let prefix: String

    /// Links to `publicURL` when given, else to `host` (a wildcard address named as loopback).
    public init(publicURL: URL?, host: String) {
        publicBase = publicURL.map { url in
            var text = url.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        self.host = host
        parent = nil
        prefix = ""
    }

    private init(parent: PageLinks, prefix: String) {
        publicBase = nil
        host = parent.host
        self.parent = parent
        self.prefix = prefix
    }

    /// The links of the paths under `/{name}`, one chain's of several; the port is this one's.
    public func under(_ name: String) -> PageLinks { PageLinks(parent: self, prefix: "/" + name) }

    /// Records the port the server bound.
    public func bound(to port: Int) { self.port.withLock { $0 = port } }

    /// `scheme://host[:port]`, with no trailing slash.
    public var base: String {
        if let parent { return parent.base + prefix }
        if let publicBase { return publicBase }
        let name = ["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : host
        let shown = name.contains(":") ? "[\(name)]" : name
        return port.withLock { $0 }.map { "http://\(shown):\($0)" } ?? "http://\(shown)"
    }
}
