import BigInt
import EthereumKit
import Foundation
import Networking
import Synchronization
import TestSupport
import Testing

/// LiveNetwork against a real HTTP server on 127.0.0.1; nothing here leaves the machine.
@Suite("LiveNetwork over real sockets on 127.0.0.1", .timeLimit(.minutes(3)))
struct LiveNetworkTests {
    /// Runs `body` with a started server and a fresh client, and tears both down however it ends.
    private func withServer(
        readTimeout: Duration = .seconds(10),
        maxResponseBytes: Int = LiveNetwork.defaultMaxResponseBytes,
        _ behaviour: @escaping @Sendable (String, String, [UInt8]) -> TestHTTPServer.Behaviour,
        _ body: (TestHTTPServer, LiveNetwork, JSONRPCClient) async throws -> Void
    ) async throws {
        let server = try await TestHTTPServer(behaviour)
        let network = LiveNetwork(readTimeout: readTimeout, maxResponseBytes: maxResponseBytes)
        let rpc = JSONRPCClient(network: network, endpoint: try RPCEndpoint(server.url))
        do {
            try await body(server, network, rpc)
        } catch {
            await network.shutdown()
            await server.stop()
            throw error
        }
        await network.shutdown()
        await server.stop()
    }

    /// Answers every JSON-RPC call (single or batch) with its id as a hex quantity, batches in reverse.
    private static let echoNode: @Sendable (String, String, [UInt8]) -> TestHTTPServer.Behaviour = { _, _, body in
        func answer(_ call: JSONValue) -> JSONValue {
            let id = call["id"] ?? .null
            let n = Int(id.text ?? "") ?? 0
            return .object([("jsonrpc", .string("2.0")), ("id", id), ("result", RPCParam.quantity(n * 1000))])
        }
        guard let request = try? JSONParser.parse(body) else { return .respond(status: 400, body: "bad") }
        if case .array(let calls) = request {
            return .respond(status: 200, body: JSONWriter.write(.array(calls.reversed().map(answer))))
        }
        return .respond(status: 200, body: JSONWriter.write(answer(request)))
    }

    @Test("a good JSON-RPC answer is mapped, and consecutive calls reuse one connection")
    func goodAnswer() async throws {
        try await withServer(Self.echoNode) { server, _, rpc in
            // When
            let remote = EthereumRemote(rpc: rpc)
            let first = try await remote.chainID()
            let second = try await remote.blockNumber()
            // Then
            #expect(first == 1000)
            #expect(second == 1000)
            #expect(server.requestCount == 2)
            #expect(server.connectionCount == 1)
        }
    }

    @Test("100 reads over the wire are one HTTP request, answered out of order, returned in order")
    func batchOverTheWire() async throws {
        try await withServer(Self.echoNode) { server, _, rpc in
            let owners = (1...100).map { i in try! Address(bytes: [UInt8](repeating: 0, count: 19) + [UInt8(i)]) }
            let results = try await EthereumRemote(rpc: rpc).batch(owners.map { EthereumRemote.Requests.balance(of: $0) })
            #expect(server.requestCount == 1)
            #expect(try results.map { try $0.get() } == (1...100).map { BigUInt($0 * 1000) })
        }
    }

    @Test("a closed port is unreachable, at once")
    func connectionRefused() async throws {
        try await TestHTTPServer.withClosedPort { port in
            // A long read timeout, so "at once" means well before any timer could have ended it.
            let network = LiveNetwork(readTimeout: .seconds(60))
            let rpc = JSONRPCClient(network: network, endpoint: try RPCEndpoint("http://127.0.0.1:\(port)"))
            let error = await #expect(throws: NetworkError.self) { _ = try await rpc.call("eth_chainId", []) }
            await network.shutdown()
            // The refusal itself, where a wait would have ended as a timeout; no wall-clock bound,
            // since a loaded test machine can delay even an immediate answer.
            guard case .unreachable(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(message == "cannot reach http://127.0.0.1:\(port): connection refused")
        }
    }

    @Test("a server that never answers times out within the read timeout")
    func silentServer() async throws {
        try await withServer(readTimeout: .seconds(1), { _, _, _ in .silent }) { _, _, rpc in
            let start = ContinuousClock.now
            await #expect(throws: NetworkError.timeout(seconds: 1)) { _ = try await rpc.call("eth_chainId", []) }
            let elapsed = ContinuousClock.now - start
            // Not before the timeout; that it ends, and as a timeout, is what the error shows.
            #expect(elapsed >= .milliseconds(900))
        }
    }

    @Test("503 is httpStatus with the body")
    func serviceUnavailable() async throws {
        try await withServer({ _, _, _ in .respond(status: 503, body: "upstream connect error") }) { _, _, rpc in
            await #expect(throws: NetworkError.httpStatus(503, body: "upstream connect error")) {
                _ = try await rpc.call("eth_chainId", [])
            }
        }
    }

    @Test("an event stream refused with an error page larger than the excerpt still ends with its status")
    func eventStreamRefused() async throws {
        let page = String(repeating: "not found ", count: 2000)
        try await withServer({ _, _, _ in .respond(status: 404, body: page) }) { server, network, _ in
            let url = try #require(URL(string: server.url + "/api/v1/events"))
            let error = await #expect(throws: NetworkError.self) { for try await _ in network.events(HTTPRequest(method: "GET", url: url)) {} }
            guard case .httpStatus(404, let body)? = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(body.hasPrefix("not found"))
        }
    }

    @Test("a non-JSON 200 is invalidResponse")
    func notJSON() async throws {
        try await withServer({ _, _, _ in .respond(status: 200, body: "<html>hello</html>") }) { _, _, rpc in
            let error = await #expect(throws: NetworkError.self) { _ = try await rpc.call("eth_chainId", []) }
            guard case .invalidResponse? = error else { Issue.record("got \(String(describing: error))"); return }
        }
    }

    @Test("cancelling the task cancels the request at once")
    func cancellation() async throws {
        try await withServer(readTimeout: .seconds(60), { _, _, _ in .silent }) { _, _, rpc in
            let task = Task { try await rpc.call("eth_chainId", []) }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            // Cancelled, where waiting out the 60 s read timeout would have been a timeout error.
            let error = await #expect(throws: NetworkError.self) { _ = try await task.value }
            #expect(error == .cancelled)
        }
    }

    @Test("an answer larger than the cap is refused, not buffered")
    func bodyCap() async throws {
        let big = "[" + String(repeating: "1,", count: 2000) + "1]"
        try await withServer(maxResponseBytes: 1024, { _, _, _ in .respond(status: 200, body: big) }) { _, _, rpc in
            let error = await #expect(throws: NetworkError.self) { _ = try await rpc.call("eth_chainId", []) }
            guard case .invalidResponse(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(message.contains("larger than"))
        }
    }

    @Test("the request carries method, JSON content type and body")
    func requestOnTheWire() async throws {
        let seen = SeenRequest()
        try await withServer({ method, uri, body in
            seen.record(method, uri, body)
            return .respond(status: 200, body: #"{"jsonrpc":"2.0","id":1,"result":"0x1"}"#)
        }) { server, network, _ in
            let url = URL(string: server.url + "/rpc/key")!
            let response = try await network.send(HTTPRequest(
                method: "POST", url: url, headers: ["Content-Type": "application/json"], body: Array("{}".utf8)))
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            #expect(seen.value == ["POST", "/rpc/key", "{}"])
        }
    }

    @Test("after shutdown, requests fail as unreachable")
    func afterShutdown() async throws {
        try await withServer(Self.echoNode) { _, network, rpc in
            await network.shutdown()
            let error = await #expect(throws: NetworkError.self) { _ = try await rpc.call("eth_chainId", []) }
            guard case .unreachable? = error else { Issue.record("got \(String(describing: error))"); return }
        }
    }
}

/// What the server saw, handed from its event loop to the test.
private final class SeenRequest: Sendable {
    private let state = Mutex<[String]>([])
    func record(_ method: String, _ uri: String, _ body: [UInt8]) {
        state.withLock { $0 = [method, uri, String(decoding: body, as: UTF8.self)] }
    }
    var value: [String] { state.withLock { $0 } }
}
