import Foundation
import Networking
import Testing

/// Found by the CLI grammar fuzz: a URL with a port above 65535 parses in Foundation and then
/// traps inside the HTTP client. It is refused first, as a typed error.
@Suite("URL port bounds")
struct PortBoundTests {
    @Test("an RPC URL with a port above 65535 is refused when given")
    func endpoint() {
        #expect(throws: RPCEndpointError.invalidURL("http://127.0.0.1:99999")) { try RPCEndpoint("http://127.0.0.1:99999") }
        #expect(throws: Never.self) { try RPCEndpoint("http://127.0.0.1:65535") }
    }

    @Test("any request to such a URL (rates, a service) fails as unreachable, without a trap")
    func request() async throws {
        let network = LiveNetwork()
        let url = try #require(URL(string: "http://127.0.0.1:4294967296/api"))
        await #expect(throws: NetworkError.unreachable("http://127.0.0.1:4294967296/api has port 4294967296, above 65535")) {
            try await network.send(HTTPRequest(method: "GET", url: url))
        }
        await network.shutdown()
    }

    @Test("an event stream from such a URL (the dashboard's --service-url) ends with that error, without a trap")
    func events() async throws {
        let network = LiveNetwork()
        let url = try #require(URL(string: "http://127.0.0.1:70000/api/v1/events"))
        await #expect(throws: NetworkError.unreachable("http://127.0.0.1:70000/api/v1/events has port 70000, above 65535")) {
            for try await _ in network.events(HTTPRequest(method: "GET", url: url)) {}
        }
        await network.shutdown()
    }
}
