import EthereumKit
import Foundation

/// JSON over REST (Safe Transaction Service, rates): GET and POST against a base URL, optionally
/// authenticated by an API key header.
public struct RESTClient: Sendable {
    /// How requests travel.
    public let network: any Network
    /// Paths are appended to this URL.
    public let baseURL: URL
    private let apiKey: String?
    private let apiKeyHeader: String

    /// A client for `baseURL`; with `apiKey`, every request carries it in `apiKeyHeader`
    /// (for a bearer token pass `apiKeyHeader: "Authorization"`, `apiKey: "Bearer …"`).
    public init(network: any Network, baseURL: URL, apiKey: String? = nil, apiKeyHeader: String = "X-API-Key") {
        self.network = network
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.apiKeyHeader = apiKeyHeader
    }

    /// GETs `path` with `query` (sent sorted by name, so URLs are reproducible); the JSON answer, or
    /// `.null` for an empty body.
    public func get(path: String, query: [String: String] = [:]) async throws(NetworkError) -> JSONValue {
        try await send(method: "GET", path: path, query: query, json: nil)
    }

    /// POSTs `json` to `path`; the JSON answer, or `.null` for an empty body (e.g. 201/204).
    public func post(path: String, json: JSONValue) async throws(NetworkError) -> JSONValue {
        try await send(method: "POST", path: path, query: [:], json: json)
    }

    /// Any method, for the odd DELETE or PUT; non-2xx is `httpStatus`, a non-JSON body `invalidResponse`.
    public func send(
        method: String,
        path: String,
        query: [String: String] = [:],
        json: JSONValue? = nil
    ) async throws(NetworkError) -> JSONValue {
        let request = try makeRequest(method: method, path: path, query: query, json: json)
        let response = try await network.send(request).requireSuccess()
        if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) { return .null }
        do {
            return try JSONParser.parse(response.body)
        } catch {
            throw .invalidResponse("expected JSON from \(path), got '\(NetworkError.excerpt(response.body, limit: 60))'")
        }
    }

    /// GETs an absolute `url` that a previous answer named (a page's `next`), only on this
    /// client's own scheme, host and port: the API key must never travel to another server.
    public func get(url: URL) async throws(NetworkError) -> JSONValue {
        guard url.scheme == baseURL.scheme, url.host == baseURL.host, url.port == baseURL.port else {
            throw .invalidResponse("the service pointed to \(url.scheme ?? "?")://\(url.host ?? "?") for the next page; not followed")
        }
        var headers = ["Accept": "application/json"]
        if let apiKey { headers[apiKeyHeader] = apiKey }
        let response = try await network.send(HTTPRequest(method: "GET", url: url, headers: headers, body: [])).requireSuccess()
        do { return try JSONParser.parse(response.body) } catch {
            throw .invalidResponse("expected JSON from \(url.path), got '\(NetworkError.excerpt(response.body, limit: 60))'")
        }
    }

    /// The HTTP request for a call, exposed so tests can check URLs and headers without sending.
    public func makeRequest(
        method: String,
        path: String,
        query: [String: String] = [:],
        json: JSONValue? = nil
    ) throws(NetworkError) -> HTTPRequest {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + path.drop { $0 == "/" }
        if !query.isEmpty {
            text += "?" + query.sorted { $0.key < $1.key }
                .map { PercentEncoding.component($0.key) + "=" + PercentEncoding.component($0.value) }
                .joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidResponse("cannot build a URL from \(path)") }
        var headers = ["Accept": "application/json"]
        if let apiKey { headers[apiKeyHeader] = apiKey }
        var body = [UInt8]()
        if let json {
            headers["Content-Type"] = "application/json"
            body = Array(JSONWriter.write(json).utf8)
        }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

}
