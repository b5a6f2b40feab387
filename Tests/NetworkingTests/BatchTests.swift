import BigInt
import EthereumKit
import Networking
import NetworkingTesting
import Testing

@Suite("Batches: N reads in one round trip, results in call order")
struct BatchTests {
    /// 100 distinct addresses, and a node answering each with a balance derived from its address.
    private static let owners: [Address] = (1...100).map { i in
        try! Address(bytes: [UInt8](repeating: 0, count: 19) + [UInt8(i)])
    }

    private static func balanceNode() -> MockNetwork {
        let mock = MockNetwork()
        mock.register(method: "eth_getBalance") { params in
            guard let text = params.first?.stringValue, let address = try? Address(text) else {
                return .error(code: -32602, message: "invalid argument 0")
            }
            return .result(RPCParam.quantity(BigUInt(address.bytes[19]) * 1_000_000_000))
        }
        return mock
    }

    @Test("100 balances cost exactly one round trip, in order, even when the node answers in reverse")
    func hundredBalances() async throws {
        // Given a node that lists batch answers in reverse order
        let mock = Self.balanceNode()
        mock.batchOrder = .reversed
        let remote = Fixture.remote(mock)
        // When
        let results = try await remote.batch(Self.owners.map { EthereumRemote.Requests.balance(of: $0) })
        // Then
        #expect(mock.roundTrips == 1)
        #expect(results.count == 100)
        for (i, result) in results.enumerated() {
            #expect(try result.get() == BigUInt(i + 1) * 1_000_000_000)
        }
        let sent = try #require(try Fixture.body(mock).arrayValue)
        #expect(sent.count == 100)
        #expect(sent.map { $0["id"] } == (1...100).map { JSONValue.number(String($0)) })
        // And the mock really did answer out of order
        let answer = try await mock.send(mock.requests[0])
        #expect(try JSONParser.parse(answer.body).arrayValue?.first?["id"] == .number("100"))
    }

    @Test("a batch answer shuffled by a real server (raw fixture) is matched by id")
    func rawShuffledAnswer() async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: """
            [{"jsonrpc":"2.0","id":3,"result":"0x5"},{"jsonrpc":"2.0","id":1,"result":"0x7a69"},\
            {"jsonrpc":"2.0","id":2,"result":"0x1b4"}]
            """)
        let remote = Fixture.remote(mock)
        let (chain, head, nonce) = try await remote.batch(
            EthereumRemote.Requests.chainID(),
            EthereumRemote.Requests.blockNumber(),
            EthereumRemote.Requests.transactionCount(of: Fixture.alice)
        )
        #expect(try chain.get() == 31337)
        #expect(try head.get() == 436)
        #expect(try nonce.get() == 5)
        #expect(mock.roundTrips == 1)
    }

    @Test("a heterogeneous batch returns typed results, one failing alone")
    func heterogeneous() async throws {
        let mock = try Fixture.mock()
        try mock.register(method: "eth_call", fixture: "eth_call.revert")
        let remote = Fixture.remote(mock)
        let (chain, receipt, call) = try await remote.batch(
            EthereumRemote.Requests.chainID(),
            EthereumRemote.Requests.transactionReceipt(hash: Fixture.txHash),
            EthereumRemote.Requests.call(CallRequest(to: Fixture.token))
        )
        #expect(try chain.get() == 31337)
        #expect(try receipt.get()?.gasUsed == 52677)
        #expect(throws: NetworkError.self) { try call.get() }
        #expect(mock.roundTrips == 1)
        #expect(mock.rpcMethods == ["eth_chainId", "eth_getTransactionReceipt", "eth_call"])
    }

    @Test("an RPCBatch grown at run time reads each typed answer by its slot, in one round trip, one failing alone")
    func growingBatch() async throws {
        let mock = try Fixture.mock()
        try mock.register(method: "eth_call", fixture: "eth_call.revert")
        let remote = Fixture.remote(mock)
        var batch = RPCBatch()
        let chain = batch.add(EthereumRemote.Requests.chainID())
        let balances = Self.owners.prefix(3).map { batch.add(EthereumRemote.Requests.balance(of: $0)) }
        let call = batch.add(EthereumRemote.Requests.call(CallRequest(to: Fixture.token)))
        let receipt = batch.add(EthereumRemote.Requests.transactionReceipt(hash: Fixture.txHash))
        #expect(batch.count == 6)
        let answers = try await remote.send(batch)
        #expect(try answers.get(chain) == 31337)
        #expect(try answers.get(receipt)?.gasUsed == 52677)
        #expect(balances.count == 3 && balances.allSatisfy { (try? answers.get($0)) != nil })
        #expect(throws: NetworkError.self) { try answers.get(call) }
        #expect(mock.roundTrips == 1)
        #expect(mock.rpcMethods == ["eth_chainId", "eth_getBalance", "eth_getBalance", "eth_getBalance", "eth_call", "eth_getTransactionReceipt"])
    }

    @Test("an error object fails only its element")
    func perElementError() async throws {
        let mock = Self.balanceNode()
        mock.register(method: "eth_getCode", errorCode: -32000, message: "header not found")
        let rpc = JSONRPCClient(network: mock, endpoint: Fixture.endpoint)
        let results = try await rpc.batch([
            (method: "eth_getBalance", params: [RPCParam.address(Self.owners[0]), .string("latest")]),
            (method: "eth_getCode", params: [RPCParam.address(Self.owners[0]), .string("latest")]),
        ])
        #expect(try results[0].get() == .string("0x3b9aca00"))
        #expect(results[1] == .failure(.rpc(code: -32000, message: "header not found", data: nil)))
    }

    @Test("a missing element is that element's invalidResponse")
    func missingElement() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_chainId", result: .string("0x1"))
        mock.register(method: "eth_blockNumber", answers: [.omitted])
        let (chain, head) = try await Fixture.remote(mock).batch(
            EthereumRemote.Requests.chainID(), EthereumRemote.Requests.blockNumber())
        #expect(try chain.get() == 1)
        #expect(throws: NetworkError.invalidResponse("eth_blockNumber: no answer for id 2 in the batch")) {
            try head.get()
        }
    }

    @Test("an answer whose id matches no request fails the whole batch as invalidResponse")
    func idMismatch() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_chainId", result: .string("0x1"))
        mock.register(method: "eth_blockNumber", answers: [
            .element(try JSONParser.parse(#"{"jsonrpc":"2.0","id":7,"result":"0x10"}"#)),
        ])
        await #expect(throws: NetworkError.invalidResponse(
            "the batch answer has id 7, which matches none of the 2 requests")) {
            _ = try await Fixture.remote(mock).batch(
                EthereumRemote.Requests.chainID(), EthereumRemote.Requests.blockNumber())
        }
    }

    @Test("a repeated id fails the whole batch")
    func duplicateID() async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: #"[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":1,"result":"0x2"}]"#)
        let rpc = JSONRPCClient(network: mock, endpoint: Fixture.endpoint)
        await #expect(throws: NetworkError.invalidResponse("the batch answer repeats id 1")) {
            _ = try await rpc.batch([(method: "eth_chainId", params: []), (method: "eth_blockNumber", params: [])])
        }
    }

    @Test("a node refusing the whole batch with one error object throws that error")
    func batchRefused() async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}"#)
        let rpc = JSONRPCClient(network: mock, endpoint: Fixture.endpoint)
        await #expect(throws: NetworkError.rpc(code: -32600, message: "batch too large", data: nil)) {
            _ = try await rpc.batch([(method: "eth_chainId", params: [])])
        }
    }

    @Test("a wrong-shaped element fails only its element, naming the method")
    func wrongShapedElement() async throws {
        let mock = Self.balanceNode()
        mock.register(method: "eth_chainId", result: .number("1"))
        let (balance, chain) = try await Fixture.remote(mock).batch(
            EthereumRemote.Requests.balance(of: Self.owners[1]), EthereumRemote.Requests.chainID())
        #expect(try balance.get() == 2_000_000_000)
        #expect(throws: NetworkError.invalidResponse("eth_chainId: expected a hex quantity for result, got 1")) {
            try chain.get()
        }
    }

    @Test("an empty batch sends nothing")
    func emptyBatch() async throws {
        let mock = MockNetwork()
        let results = try await Fixture.remote(mock).batch([RPCRequest<BigUInt>]())
        #expect(results.isEmpty)
        #expect(mock.roundTrips == 0)
    }

    @Test("a transport failure throws for the whole batch")
    func transportFailure() async throws {
        let mock = MockNetwork.failing(with: .unreachable("cannot reach http://127.0.0.1:8545: connection refused"))
        await #expect(throws: NetworkError.unreachable("cannot reach http://127.0.0.1:8545: connection refused")) {
            _ = try await Fixture.remote(mock).batch(Self.owners.map { EthereumRemote.Requests.balance(of: $0) })
        }
        #expect(mock.roundTrips == 1)
    }
}
