import Foundation

/// One HTTP request as the Networking layer sends it: plain values, so tests can compare them.
public struct HTTPRequest: Sendable, Equatable {
    /// The HTTP method, e.g. `POST`.
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    /// Header fields by name. A dictionary rather than a list because no request here repeats a header.
    public var headers: [String: String]
    /// The body bytes; empty for none.
    public var body: [UInt8]
    /// Whether sending it twice does no harm, so a failed exchange may be retried; a broadcast is not.
    public var retryable: Bool

    /// A request with the given parts.
    public init(method: String, url: URL, headers: [String: String] = [:], body: [UInt8] = [], retryable: Bool = true) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.retryable = retryable
    }

    /// The body decoded as UTF-8, for assertions and diagnostics.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
