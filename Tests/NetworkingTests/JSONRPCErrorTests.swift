import EthereumKit
import Networking
import NetworkingTesting
import Testing

@Suite("JSON-RPC faults become typed, one-line errors")
struct JSONRPCErrorTests {
    private static let revertData =
        "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002645524332303a207472616e7366657220616d6f756e7420657863656564732062616c616e63650000000000000000000000000000000000000000000000000000"

    @Test("a geth revert keeps code 3, the node's message and the revert data")
    func revert() async throws {
        // Given a node answering eth_call with a revert
        let mock = try Fixture.mock()
        try mock.register(method: "eth_call", fixture: "eth_call.revert")
        // When
        let error = await #expect(throws: NetworkError.self) {
            _ = try await Fixture.remote(mock).call(CallRequest(from: Fixture.alice, to: Fixture.token))
        }
        // Then
        #expect(error == .rpc(
            code: 3, message: "execution reverted: ERC20: transfer amount exceeds balance", data: Self.revertData))
        #expect(error?.isRevert == true)
        #expect(Array(error?.revertData?.prefix(4) ?? []) == [0x08, 0xc3, 0x79, 0xa0])
        #expect(error?.description.hasPrefix(
            "the node refused the request: execution reverted: ERC20: transfer amount exceeds balance (code 3), data 0x08c379a0") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("insufficient funds from eth_estimateGas keeps the node's message")
    func insufficientFunds() async throws {
        let mock = try Fixture.mock()
        try mock.register(method: "eth_estimateGas", fixture: "eth_estimateGas.insufficient-funds")
        let error = await #expect(throws: NetworkError.self) {
            _ = try await Fixture.remote(mock).estimateGas(CallRequest(from: Fixture.bob, to: Fixture.alice, value: 1))
        }
        guard case .rpc(-32000, let message, nil)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.hasPrefix("insufficient funds for gas * price + value"))
        #expect(error?.isRevert == false)
    }

    @Test("error data that is not a string is kept as compact JSON")
    func objectData() async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: #"{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"internal","data":{"reason":"x"}}}"#)
        let rpc = JSONRPCClient(network: mock, endpoint: Fixture.endpoint)
        await #expect(throws: NetworkError.rpc(code: -32603, message: "internal", data: #"{"reason":"x"}"#)) {
            _ = try await rpc.call("eth_chainId", [])
        }
    }

    @Test("an unknown method gets the node's 'does not exist' error")
    func unknownMethod() async throws {
        let rpc = JSONRPCClient(network: MockNetwork(), endpoint: Fixture.endpoint)
        await #expect(throws: NetworkError.rpc(
            code: -32601, message: "the method eth_foo does not exist/is not available", data: nil)) {
            _ = try await rpc.call("eth_foo", [])
        }
    }

    @Test("HTTP 500 and 502 become httpStatus with the start of the body on one line", arguments: [500, 502])
    func httpStatus(status: Int) async throws {
        let mock = MockNetwork()
        mock.respond(status: status, body: "<html>\n<body>Bad\ngateway</body>\n</html>\n" + String(repeating: "x", count: 500))
        let error = await #expect(throws: NetworkError.self) {
            _ = try await Fixture.remote(mock).chainID()
        }
        guard case .httpStatus(status, let body)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(body.hasPrefix("<html> <body>Bad gateway</body> </html> xxx"))
        #expect(body.count <= 201)
        #expect(error?.description.hasPrefix("the server answered HTTP \(status): <html>") == true)
    }

    @Test("a non-JSON body is invalidResponse")
    func notJSON() async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: "Welcome to nginx!")
        let error = await #expect(throws: NetworkError.self) { _ = try await Fixture.remote(mock).blockNumber() }
        guard case .invalidResponse(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.hasPrefix("expected JSON, got 'Welcome to nginx!'"))
    }

    @Test("an empty body is invalidResponse")
    func emptyBody() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_chainId", answers: [.omitted])
        let error = await #expect(throws: NetworkError.self) { _ = try await Fixture.remote(mock).chainID() }
        guard case .invalidResponse(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.hasPrefix("expected JSON, got an empty body"))
    }

    @Test("wrong shapes are invalidResponse naming what was expected", arguments: [
        (#"{"jsonrpc":"2.0","id":1,"result":1234}"#, "eth_blockNumber: expected a hex quantity for result, got 1234"),
        (#"{"jsonrpc":"2.0","id":1,"result":"1234"}"#, #"eth_blockNumber: expected a hex quantity for result, got "1234""#),
        (#"{"jsonrpc":"2.0","id":1,"result":"0xzz"}"#, #"eth_blockNumber: expected a hex quantity for result, got "0xzz""#),
        (#"{"jsonrpc":"2.0","id":1}"#, "eth_blockNumber: the answer has neither a result nor an error"),
        (#"[{"jsonrpc":"2.0","id":1,"result":"0x1"}]"#, "eth_blockNumber: expected one answer object, got an array"),
        (#""0x1""#, #"eth_blockNumber: the answer's id none does not match the request's id 1"#),
    ])
    func wrongShape(body: String, message: String) async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: body)
        await #expect(throws: NetworkError.invalidResponse(message)) {
            _ = try await Fixture.remote(mock).blockNumber()
        }
    }

    @Test("a single answer with another id is invalidResponse")
    func singleIDMismatch() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_chainId", answers: [
            .element(try JSONParser.parse(#"{"jsonrpc":"2.0","id":2,"result":"0x1"}"#)),
        ])
        await #expect(throws: NetworkError.invalidResponse("eth_chainId: the answer's id 2 does not match the request's id 1")) {
            _ = try await Fixture.remote(mock).chainID()
        }
    }

    @Test("an error with a null id (the node could not read the request) is still the node's error")
    func anonymousError() async throws {
        let mock = MockNetwork()
        mock.respond(status: 200, body: #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}"#)
        await #expect(throws: NetworkError.rpc(code: -32700, message: "parse error", data: nil)) {
            _ = try await Fixture.remote(mock).chainID()
        }
    }

    @Test("a receipt missing a field, or with a bad address, names the field")
    func brokenReceipt() async throws {
        let mock = MockNetwork()
        let fixture = try #require(try Fixture.mock().fixture("eth_getTransactionReceipt"))
        var members = try #require(fixture["result"]?.objectValue)
        members.removeAll { $0.key == "gasUsed" }
        mock.register(method: "eth_getTransactionReceipt", result: .object(members))
        await #expect(throws: NetworkError.invalidResponse("eth_getTransactionReceipt: receipt has no 'gasUsed'")) {
            _ = try await Fixture.remote(mock).transactionReceipt(hash: Fixture.txHash)
        }
        members.append(("gasUsed", .string("0x1")))
        members.removeAll { $0.key == "from" }
        members.append(("from", .string("0x1234")))
        mock.register(method: "eth_getTransactionReceipt", result: .object(members))
        await #expect(throws: NetworkError.invalidResponse(
            #"eth_getTransactionReceipt: expected 20 bytes of hex data for receipt.from, got "0x1234""#)) {
            _ = try await Fixture.remote(mock).transactionReceipt(hash: Fixture.txHash)
        }
    }

    @Test("every error describes itself on one line")
    func descriptions() {
        let errors: [NetworkError] = [
            .unreachable("cannot reach http://127.0.0.1:8545: connection refused"),
            .timeout(seconds: 30),
            .httpStatus(503, body: ""),
            .httpStatus(502, body: "bad gateway"),
            .invalidResponse("expected JSON"),
            .rpc(code: -32000, message: "nonce too low", data: nil),
            .cancelled,
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(NetworkError.timeout(seconds: 30).description.hasPrefix("no answer within 30 s"))
        #expect(NetworkError.httpStatus(503, body: "").description == "the server answered HTTP 503")
        #expect(NetworkError.unreachable("cannot reach http://x: connection refused").description
            == "cannot reach http://x: connection refused")
    }
}
