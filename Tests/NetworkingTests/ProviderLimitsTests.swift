import BigInt
import EthereumKit
import Networking
import Foundation
import NetworkingTesting
import Testing

/// What public RPC providers do to a client: cap batches, refuse batches, cap log ranges,
/// rate-limit with 429 and Retry-After, drop connections. Sleeping is recorded, never done.
@Suite("Provider limits: batches split, log ranges narrowed, transient failures retried, broadcasts never blind")
struct ProviderLimitsTests {
    /// Values handed from a mock's closures to the test. An NSLock, not a Mutex: a Mutex stored in
    /// a generic class corrupted the heap under this compiler.
    final class Recorder<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [T] = []
        func add(_ item: T) { lock.withLock { items.append(item) } }
        var all: [T] { lock.withLock { items } }
        func clear() { lock.withLock { items.removeAll() } }
    }

    /// A retry policy that records its waits instead of sleeping, with no jitter.
    final class Waits: Sendable {
        let waits = Recorder<Duration>()
        var policy: RetryPolicy {
            RetryPolicy(deadline: .seconds(10), baseDelay: .milliseconds(100), maxDelay: .seconds(2),
                        sleep: { [waits] d in waits.add(d) }, random: { 1 })
        }
        var recorded: [Duration] { waits.all }
    }

    static func balanceNode() -> MockNetwork {
        let mock = MockNetwork()
        mock.register(method: "eth_getBalance") { params in
            guard let text = params.first?.stringValue, let address = try? Address(text) else { return .error(code: -32602, message: "bad") }
            return .result(RPCParam.quantity(BigUInt(address.bytes[19])))
        }
        return mock
    }

    static let owners: [Address] = (1...25).map { try! Address(bytes: [UInt8](repeating: 0, count: 19) + [UInt8($0)]) }

    func balances(_ remote: EthereumRemote) async throws -> [BigUInt] {
        try await remote.batch(Self.owners.map { EthereumRemote.Requests.balance(of: $0) }).map { try $0.get() }
    }

    @Test("a configured cap splits a batch of 25 into 10 + 10 + 5, answers in order")
    func configuredCap() async throws {
        let mock = Self.balanceNode()
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, limits: RPCLimits(maxBatch: 10)))
        #expect(try await balances(remote) == (1...25).map { BigUInt($0) })
        #expect(mock.requests.map { (try? JSONParser.parse($0.body).arrayValue?.count) ?? nil } == [10, 10, 5])
    }

    @Test("a node refusing large batches gets halves until they pass, and the client keeps that size")
    func learnedCap() async throws {
        let mock = Self.balanceNode()
        mock.maxBatch = 8
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint))
        #expect(try await balances(remote) == (1...25).map { BigUInt($0) })
        let sizes = mock.requests.map { (try? JSONParser.parse($0.body).arrayValue?.count) ?? nil }
        #expect(sizes == [25, 12, 6, 6, 6, 6, 1])
        mock.resetRecording()
        #expect(try await balances(remote) == (1...25).map { BigUInt($0) })
        #expect(mock.roundTrips == 5, "the learned size is used at once")
    }

    @Test("a node taking no batches gets single requests, said once")
    func noBatches() async throws {
        let mock = Self.balanceNode()
        mock.maxBatch = 1
        let notices = Recorder<String>()
        NetworkNotices.install { message in notices.add(message) }
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: try RPCEndpoint("http://127.0.0.1:18545/no-batches")))
        #expect(try await balances(remote) == (1...25).map { BigUInt($0) })
        #expect(try await balances(remote) == (1...25).map { BigUInt($0) })
        let said = notices.all.filter { $0.contains("127.0.0.1:18545") }
        #expect(said == ["http://127.0.0.1:18545 does not accept JSON-RPC batches; sending requests one at a time"])
        #expect(mock.requests.filter { (try? JSONParser.parse($0.body).arrayValue) == nil }.count == 50)
    }

    @Test("429 with Retry-After, then 503, then an answer: the waits honour the header and back off")
    func retries() async throws {
        let mock = Self.balanceNode()
        let waits = Waits()
        mock.respondNext(status: 429, body: "slow down", headers: ["retry-after": "1"])
        mock.respondNext(status: 503, body: "busy")
        mock.failNext(with: .connectionLost("lost the connection"))
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, retry: waits.policy))
        #expect(try await remote.balance(of: Self.owners[4]) == 5)
        #expect(waits.recorded == [.seconds(1), .milliseconds(200), .milliseconds(400)])
        #expect(mock.roundTrips == 4)
    }

    @Test("retries end at the deadline with the endpoint and the cause; a refused connection or a 400 is not retried")
    func deadline() async throws {
        let mock = Self.balanceNode()
        let waits = Waits()
        mock.respond(status: 429, body: "rate limited")
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, retry: waits.policy))
        let error = await #expect(throws: NetworkError.self) { try await remote.balance(of: Self.owners[0]) }
        guard case .gaveUp(let origin, _, let cause)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(origin == "http://127.0.0.1:8545" && cause == NetworkError.httpStatus(429, body: "rate limited").description)
        #expect(error?.description.hasPrefix("gave up on http://127.0.0.1:8545 after") == true)
        #expect(waits.recorded.reduce(.zero, +) < .seconds(10))
        mock.clearFaults()
        mock.resetRecording()
        mock.failNext(with: .unreachable("cannot reach http://127.0.0.1:8545: connection refused"))
        await #expect(throws: NetworkError.unreachable("cannot reach http://127.0.0.1:8545: connection refused")) {
            try await remote.balance(of: Self.owners[0])
        }
        mock.respondNext(status: 400, body: "bad request")
        await #expect(throws: NetworkError.httpStatus(400, body: "bad request")) { try await remote.balance(of: Self.owners[0]) }
        #expect(mock.roundTrips == 2)
    }

    static let raw: [UInt8] = [0x02, 0xf8, 0x6b, 0x01]
    static var rawHash: String { Hex.encode(Keccak256.hash(raw)) }

    @Test("a broadcast whose answer was lost is not sent again when the node knows its hash")
    func broadcastKnown() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_getTransactionByHash", result: .object([("hash", .string(Self.rawHash))]))
        mock.register(method: "eth_sendRawTransaction", result: .string(Self.rawHash))
        mock.failNext(with: .connectionLost("lost the connection"))
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, retry: Waits().policy))
        #expect(Hex.encode(try await remote.sendRawTransaction(Self.raw)) == Self.rawHash)
        #expect(mock.rpcMethods == ["eth_sendRawTransaction", "eth_getTransactionByHash"])
        #expect(mock.requests[0].retryable == false)
    }

    @Test("a broadcast the node never saw is sent again, once, and an unknown-to-the-node answer is not mistaken")
    func broadcastUnknown() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_getTransactionByHash", result: .null)
        mock.register(method: "eth_sendRawTransaction", result: .string(Self.rawHash))
        mock.failNext(with: .timeout(seconds: 30))
        let remote = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, retry: Waits().policy))
        #expect(Hex.encode(try await remote.sendRawTransaction(Self.raw)) == Self.rawHash)
        #expect(mock.rpcMethods == ["eth_sendRawTransaction", "eth_getTransactionByHash", "eth_sendRawTransaction"])
        // Without a retry policy a lost broadcast is the caller's to judge.
        mock.resetRecording()
        mock.failNext(with: .connectionLost("lost the connection"))
        await #expect(throws: NetworkError.connectionLost("lost the connection")) {
            try await Fixture.remote(mock).sendRawTransaction(Self.raw)
        }
        #expect(mock.roundTrips == 1)
    }

    static func log(block n: Int) -> JSONValue {
        let members: [(String, JSONValue)] = [
            ("address", .string(Fixture.token.checksummed)), ("topics", .array([])), ("data", .string("0x")),
            ("blockNumber", RPCParam.quantity(BigUInt(n))), ("transactionHash", .string(Hex.encode([UInt8](repeating: UInt8(n % 256), count: 32)))),
            ("logIndex", .string("0x0")), ("blockHash", .string(Hex.encode(Fixture.blockHash))), ("transactionIndex", .string("0x0")),
            ("removed", .bool(false)),
        ]
        return .object(members.map { (key: $0.0, value: $0.1) })
    }

    @Test("logs over 1,000 blocks from a node capping ranges at 100: the range halves on refusal and grows back; every log arrives once")
    func logRanges() async throws {
        let mock = MockNetwork()
        let ranges = Recorder<[BigUInt]>()
        mock.register(method: "eth_getLogs") { params in
            guard let from = params.first?["fromBlock"]?.stringValue.flatMap({ BigUInt($0.dropFirst(2), radix: 16) }),
                  let to = params.first?["toBlock"]?.stringValue.flatMap({ BigUInt($0.dropFirst(2), radix: 16) })
            else { return .error(code: -32602, message: "bad range") }
            ranges.add([from, to])
            guard to - from < 100 else { return .error(code: -32005, message: "query exceeds 100 blocks") }
            // One log every 50 blocks.
            let blocks = (Int(from)...Int(to)).filter { $0 % 50 == 0 }
            let logs: [JSONValue] = blocks.map { Self.log(block: $0) }
            return .result(.array(logs))
        }
        let logs = try await Fixture.remote(mock).logs(LogFilter(address: [Fixture.token]), from: 0, to: 999)
        #expect(logs.compactMap(\.blockNumber) == stride(from: 0, through: 950, by: 50).map { BigUInt($0) })
        let seen = ranges.all
        #expect(seen.first == [0, 999])
        #expect(seen.filter { $0[1] - $0[0] < 100 }.map { $0[1] - $0[0] + 1 }.max()! <= 100)
        #expect(seen.count <= 20, "the range grows back after successes: \(seen.count) requests")
        // A configured cap never asks wider, and its ranges go out together: 10 ranges in one batch,
        // or in batches of 4 when the node caps those too.
        ranges.clear()
        mock.resetRecording()
        let capped = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, limits: RPCLimits(maxLogRange: 100)))
        #expect(try await capped.logs(LogFilter(address: [Fixture.token]), from: 0, to: 999).compactMap(\.blockNumber)
            == stride(from: 0, through: 950, by: 50).map { BigUInt($0) })
        #expect(ranges.all.allSatisfy { $0[1] - $0[0] < 100 } && ranges.all.count == 10 && mock.roundTrips == 1)
        mock.resetRecording()
        let both = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, limits: RPCLimits(maxBatch: 4, maxLogRange: 100)))
        #expect(try await both.logs(LogFilter(address: [Fixture.token]), from: 0, to: 999).count == 20 && mock.roundTrips == 3)
        // A cap set wider than the node's: the refused ranges are read adaptively, nothing is lost.
        let tooWide = EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: Fixture.endpoint, limits: RPCLimits(maxLogRange: 300)))
        #expect(try await tooWide.logs(LogFilter(address: [Fixture.token]), from: 0, to: 999).compactMap(\.blockNumber)
            == stride(from: 0, through: 950, by: 50).map { BigUInt($0) })
    }
}
