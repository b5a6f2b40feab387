import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("REST: GET and POST JSON, API key header, statuses")
struct RESTClientTests {
    private static let base = URL(string: "https://safe-transaction.example/api/")!

    @Test("GET maps the fixture; the URL joins base, path and sorted, escaped query")
    func get() async throws {
        // Given
        let mock = try Fixture.mock()
        try mock.register(path: "/api/v1/safes/0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1/", fixture: "safes.info")
        let rest = RESTClient(network: mock, baseURL: Self.base)
        // When
        let safe = try await rest.get(path: "/v1/safes/0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1/", query: ["z": "1", "a": "x y&z"])
        // Then
        #expect(safe["threshold"] == .number("2"))
        #expect(safe["owners"]?.arrayValue?.count == 2)
        #expect(safe["version"] == .string("1.4.1"))
        let request = try #require(mock.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString
            == "https://safe-transaction.example/api/v1/safes/0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1/?a=x%20y%26z&z=1")
        #expect(request.headers["X-API-Key"] == nil)
        #expect(request.body.isEmpty)
    }

    @Test("the authenticated variant sends the API key in the chosen header")
    func apiKey() async throws {
        let mock = MockNetwork()
        mock.register(path: "/api/v1/about", json: .object([("name", .string("Safe Transaction Service"))]))
        let keyed = RESTClient(network: mock, baseURL: Self.base, apiKey: "k-123")
        let bearer = RESTClient(network: mock, baseURL: Self.base, apiKey: "Bearer t", apiKeyHeader: "Authorization")
        _ = try await keyed.get(path: "v1/about")
        _ = try await bearer.get(path: "v1/about")
        #expect(mock.requests[0].headers["X-API-Key"] == "k-123")
        #expect(mock.requests[1].headers["Authorization"] == "Bearer t")
    }

    @Test("POST sends JSON; an empty 201 is null")
    func post() async throws {
        let mock = MockNetwork()
        mock.register(path: "/api/v1/safes/0xabc/multisig-transactions", httpMethod: "POST", status: 201, body: [])
        let rest = RESTClient(network: mock, baseURL: Self.base)
        let answer = try await rest.post(
            path: "v1/safes/0xabc/multisig-transactions/", json: .object([("nonce", .number("3")), ("to", .string("0x1"))]))
        #expect(answer == .null)
        #expect(mock.requests[0].method == "POST")
        #expect(mock.requests[0].bodyText == #"{"nonce":3,"to":"0x1"}"#)
        #expect(mock.requests[0].headers["Content-Type"] == "application/json")
    }

    @Test("non-2xx is httpStatus with the body; a non-JSON 200 is invalidResponse")
    func failures() async throws {
        let mock = MockNetwork()
        mock.register(path: "/api/v1/safes/0xabc", status: 404, body: Array(#"{"detail":"Not found."}"#.utf8))
        mock.register(path: "/api/v1/html", body: Array("<html>".utf8))
        let rest = RESTClient(network: mock, baseURL: Self.base)
        await #expect(throws: NetworkError.httpStatus(404, body: #"{"detail":"Not found."}"#)) {
            _ = try await rest.get(path: "v1/safes/0xabc/")
        }
        await #expect(throws: NetworkError.invalidResponse("expected JSON from v1/html, got '<html>'")) {
            _ = try await rest.get(path: "v1/html")
        }
        await #expect(throws: NetworkError.httpStatus(404, body: "no fixture for GET /api/v1/missing")) {
            _ = try await rest.get(path: "v1/missing")
        }
    }
}
