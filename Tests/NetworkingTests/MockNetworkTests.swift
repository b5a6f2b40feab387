import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("MockNetwork answers from fixtures, fails on demand and records everything")
struct MockNetworkTests {
    @Test("fixtures named after methods answer them; variants with a dot wait to be registered")
    func fixtureLoading() async throws {
        let mock = try Fixture.mock()
        #expect(mock.fixture("eth_call.revert") != nil)
        #expect(mock.fixture("nope") == nil)
        #expect(try await Fixture.remote(mock).call(CallRequest(to: Fixture.token)).count == 32)
        #expect(throws: MockNetwork.FixtureError.missing("nope")) { try mock.register(method: "eth_call", fixture: "nope") }
        #expect(throws: MockNetwork.FixtureError.self) { try mock.register(method: "eth_call", fixture: "safes.info") }
    }

    @Test("an inline fixture works like a file")
    func inlineFixture() async throws {
        let mock = MockNetwork()
        try mock.addFixture(named: "eth_chainId", json: #"{"jsonrpc":"2.0","id":1,"result":"0x1"}"#)
        #expect(try await Fixture.remote(mock).chainID() == 1)
        #expect(throws: MockNetwork.FixtureError.self) { try mock.addFixture(named: "x", json: "{") }
    }

    @Test("answers given in turn, the last repeating: a receipt that appears on the third poll")
    func sequence() async throws {
        let mock = try Fixture.mock()
        let receipt = try #require(mock.fixture("eth_getTransactionReceipt")?["result"])
        mock.register(method: "eth_getTransactionReceipt", answers: [.result(.null), .result(.null), .result(receipt)])
        let remote = Fixture.remote(mock)
        var seen = [Bool]()
        for _ in 0..<4 { seen.append(try await remote.transactionReceipt(hash: Fixture.txHash) != nil) }
        #expect(seen == [false, false, true, true])
        #expect(mock.roundTrips == 4)
    }

    @Test("failNext fails once; fail(with:) fails until cleared; respond answers everything")
    func faults() async throws {
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        mock.failNext(with: .timeout(seconds: 30))
        await #expect(throws: NetworkError.timeout(seconds: 30)) { _ = try await remote.chainID() }
        #expect(try await remote.chainID() == 31337)

        mock.fail(with: .cancelled)
        await #expect(throws: NetworkError.cancelled) { _ = try await remote.chainID() }
        await #expect(throws: NetworkError.cancelled) { _ = try await remote.blockNumber() }
        mock.clearFaults()

        mock.respond(status: 503, body: "upstream unavailable")
        await #expect(throws: NetworkError.httpStatus(503, body: "upstream unavailable")) { _ = try await remote.chainID() }
        mock.clearFaults()
        mock.respondNext(status: 429, body: "rate limited")
        await #expect(throws: NetworkError.httpStatus(429, body: "rate limited")) { _ = try await remote.chainID() }
        #expect(try await remote.chainID() == 31337)
        #expect(mock.roundTrips == 7)
        #expect(mock.requests.count == 7)
    }

    @Test("a failing mock is the failing variant of the dependency")
    func failing() async throws {
        let mock = MockNetwork.failing(with: .unreachable("cannot reach http://127.0.0.1:8545: connection refused"))
        let error = await #expect(throws: NetworkError.self) { _ = try await Fixture.remote(mock).chainID() }
        #expect(error?.description == "cannot reach http://127.0.0.1:8545: connection refused")
    }

    @Test("latency delays answers and a cancelled caller gets .cancelled")
    func latencyAndCancellation() async throws {
        let mock = try Fixture.mock()
        mock.latency = .seconds(30)
        let task = Task { try await Fixture.remote(mock).chainID() }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: NetworkError.cancelled) { _ = try await task.value }
    }

    @Test("concurrent requests are all recorded")
    func concurrency() async throws {
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        try await withThrowingTaskGroup(of: BigUInt.self) { group in
            for _ in 0..<50 { group.addTask { try await remote.chainID() } }
            for try await chain in group { #expect(chain == 31337) }
        }
        #expect(mock.roundTrips == 50)
        mock.resetRecording()
        #expect(mock.roundTrips == 0)
        #expect(mock.rpcMethods.isEmpty)
    }

    @Test("answers keep the caller's id")
    func echoesID() async throws {
        let mock = try Fixture.mock()
        let body = #"{"jsonrpc":"2.0","id":"abc","method":"eth_chainId","params":[]}"#
        let response = try await mock.send(HTTPRequest(method: "POST", url: Fixture.endpoint.url, body: Array(body.utf8)))
        #expect(try JSONParser.parse(response.body) == JSONParser.parse(#"{"jsonrpc":"2.0","id":"abc","result":"0x7a69"}"#))
    }
}
