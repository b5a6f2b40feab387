import Foundation

/// Why an RPC URL was refused.
public enum RPCEndpointError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)

    public var description: String {
        switch self {
        case .invalidURL(let s): return "'\(s)' is not an http:// or https:// URL"
        }
    }
}

/// A JSON-RPC endpoint: an http or https URL, checked when it is given rather than when first used.
public struct RPCEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The URL requests are posted to.
    public let url: URL

    /// Validates `text` as an http(s) URL with a host.
    public init(_ text: String) throws(RPCEndpointError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
              (0...65535).contains(url.port ?? 0)
        else { throw .invalidURL(text) }
        self.url = url
    }

    public var description: String { url.absoluteString }
}
