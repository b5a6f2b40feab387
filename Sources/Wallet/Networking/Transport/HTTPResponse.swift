/// An HTTP answer of any status; deciding whether a status is acceptable is the caller's job.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public let status: Int
    /// Header fields with lower-cased names (HTTP names are case-insensitive); repeated fields are joined with ", ".
    public let headers: [String: String]
    /// The body bytes.
    public let body: [UInt8]

    /// An answer with the given parts; header names are lower-cased here so lookups need not care.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        var lowered = [String: String]()
        for (name, value) in headers {
            let key = name.lowercased()
            lowered[key] = lowered[key].map { $0 + ", " + value } ?? value
        }
        self.headers = lowered
        self.body = body
    }

    /// True for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body decoded as UTF-8.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// This response when it is 2xx; otherwise `NetworkError.httpStatus` with the start of the body.
    public func requireSuccess() throws(NetworkError) -> HTTPResponse {
        guard isSuccess else { throw .httpStatus(status, body: NetworkError.excerpt(body)) }
        return self
    }
}
