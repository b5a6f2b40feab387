import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("EthereumRemote maps every eth_* answer from geth/anvil-shaped fixtures")
struct EthereumRemoteTests {
    @Test("eth_chainId, eth_blockNumber, eth_gasPrice, eth_maxPriorityFeePerGas: quantities, no params")
    func quantities() async throws {
        // Given
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        // When / Then
        #expect(try await remote.chainID() == 31337)
        #expect(try await remote.blockNumber() == 436)
        #expect(try await remote.gasPrice() == 2_000_000_000)
        #expect(try await remote.maxPriorityFeePerGas() == 1_000_000_000)
        #expect(mock.rpcMethods == ["eth_chainId", "eth_blockNumber", "eth_gasPrice", "eth_maxPriorityFeePerGas"])
        #expect(try Fixture.body(mock) == JSONParser.parse(#"{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}"#))
        #expect(mock.requests[0].method == "POST")
        #expect(mock.requests[0].url == Fixture.endpoint.url)
        #expect(mock.requests[0].headers["Content-Type"] == "application/json")
    }

    @Test("eth_getBalance sends the address and tag; the answer is exact wei")
    func balance() async throws {
        let mock = try Fixture.mock()
        let wei = try await Fixture.remote(mock).balance(of: Fixture.alice)
        #expect(wei == BigUInt("10000000000000000000000"))
        #expect(try Fixture.body(mock)["params"] == .array([.string(Fixture.alice.lowercased), .string("latest")]))
        _ = try await Fixture.remote(mock).balance(of: Fixture.alice, at: .number(436))
        #expect(try Fixture.body(mock, 1)["params"]?.arrayValue?.last == .string("0x1b4"))
    }

    @Test("eth_getTransactionCount defaults to the pending nonce")
    func transactionCount() async throws {
        let mock = try Fixture.mock()
        #expect(try await Fixture.remote(mock).transactionCount(of: Fixture.bob) == 5)
        #expect(try Fixture.body(mock)["params"] == .array([.string(Fixture.bob.lowercased), .string("pending")]))
    }

    @Test("eth_call sends the call object and returns the raw return data")
    func call() async throws {
        let mock = try Fixture.mock()
        let data = try [UInt8](hex: "0x70a08231") + [UInt8](repeating: 0, count: 12) + Fixture.alice.bytes
        let request = CallRequest(from: Fixture.alice, to: Fixture.token, data: data)
        let output = try await Fixture.remote(mock).call(request)
        #expect(output.count == 32)
        #expect(BigUInt(Data(output)) == BigUInt("1000000000000000000000"))
        let params = try Fixture.body(mock)["params"]
        #expect(params == .array([
            .object([
                ("from", .string(Fixture.alice.lowercased)),
                ("to", .string(Fixture.token.lowercased)),
                ("data", .string(Hex.encode(data))),
            ]),
            .string("latest"),
        ]))
    }

    @Test("eth_estimateGas sends only the call object, with fee fields as hex quantities")
    func estimateGas() async throws {
        let mock = try Fixture.mock()
        let request = CallRequest(
            from: Fixture.alice, to: Fixture.bob, value: 1_000_000_000_000_000_000,
            maxFeePerGas: 2_000_000_007, maxPriorityFeePerGas: 1_000_000_000)
        #expect(try await Fixture.remote(mock).estimateGas(request) == 21000)
        #expect(try Fixture.body(mock)["params"] == JSONParser.parse(
            #"[{"from":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266","to":"0x70997970c51812dc3a010c7d01b50e0d17dc79c8","maxFeePerGas":"0x77359407","maxPriorityFeePerGas":"0x3b9aca00","value":"0xde0b6b3a7640000"}]"#))
    }

    @Test("eth_feeHistory: block count as hex, percentiles as numbers; rewards and ratios mapped")
    func feeHistory() async throws {
        let mock = try Fixture.mock()
        let history = try await Fixture.remote(mock).feeHistory(blockCount: 4, newest: .latest, rewardPercentiles: [25, 75])
        #expect(history == FeeHistory(
            oldestBlock: 433,
            baseFeePerGas: [7, 7, 7, 6, 6],
            gasUsedRatio: [0.5, 0.0014, 0, 0.001],
            reward: [[1_000_000_000, 1_500_000_000], [1_000_000_000, 2_000_000_000], [0, 0], [1_000_000_000, 1_000_000_000]]
        ))
        #expect(try Fixture.body(mock)["params"] == JSONParser.parse(#"["0x4","latest",[25.0,75.0]]"#))
    }

    @Test("eth_feeHistory without percentiles has no rewards")
    func feeHistoryWithoutReward() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_feeHistory", result: try JSONParser.parse(
            #"{"oldestBlock":"0x1","baseFeePerGas":["0x3b9aca00","0x36d4fa60"],"gasUsedRatio":[0.0]}"#))
        let history = try await Fixture.remote(mock).feeHistory(blockCount: 1, newest: .number(1), rewardPercentiles: [])
        #expect(history.reward == nil)
        #expect(history.baseFeePerGas == [1_000_000_000, 919_927_392])
    }

    @Test("eth_sendRawTransaction sends the raw bytes as hex and returns the hash")
    func sendRawTransaction() async throws {
        let mock = try Fixture.mock()
        let raw: [UInt8] = [0x02, 0xf8, 0x6e, 0x82, 0x7a, 0x69]
        #expect(try await Fixture.remote(mock).sendRawTransaction(raw) == Fixture.txHash)
        #expect(try Fixture.body(mock)["params"] == .array([.string("0x02f86e827a69")]))
    }

    @Test("eth_getTransactionReceipt: status, gas, fee, logs; null while pending")
    func receipt() async throws {
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        let receipt = try #require(try await remote.transactionReceipt(hash: Fixture.txHash))
        #expect(receipt == TransactionReceipt(
            transactionHash: Fixture.txHash,
            status: true,
            blockNumber: 436,
            gasUsed: 52677,
            effectiveGasPrice: 1_000_000_007,
            from: Fixture.alice,
            to: Fixture.token,
            contractAddress: nil,
            logs: [Log(
                address: Fixture.token,
                topics: [Fixture.transferTopic, Fixture.topic(Fixture.alice), Fixture.topic(Fixture.bob)],
                data: [UInt8](repeating: 0, count: 24) + [0x0d, 0xe0, 0xb6, 0xb3, 0xa7, 0x64, 0x00, 0x00],
                blockNumber: 436,
                transactionHash: Fixture.txHash,
                logIndex: 0,
                // geth 1.16 puts the block's hash and time on each log.
                blockHash: try Hex.decode("0x2f8b5a3c2d0e5e8b1a6f7c4d9e0b3a2c1d4e5f6a7b8c9d0e1f2a3b4c5d6e7f80"),
                blockTimestamp: 0x6650f5a1
            )]
        ))
        #expect(receipt.fee == 52677 * 1_000_000_007)
        #expect(try Fixture.body(mock)["params"] == .array([.string(Hex.encode(Fixture.txHash))]))

        mock.register(method: "eth_getTransactionReceipt", result: .null)
        #expect(try await remote.transactionReceipt(hash: Fixture.txHash) == nil)
    }

    @Test("a failed contract creation: status false, no to, the contract address")
    func creationReceipt() async throws {
        let mock = try Fixture.mock()
        try mock.register(method: "eth_getTransactionReceipt", fixture: "eth_getTransactionReceipt.creation")
        let receipt = try #require(try await Fixture.remote(mock).transactionReceipt(hash: Fixture.txHash))
        #expect(receipt.status == false)
        #expect(receipt.to == nil)
        #expect(receipt.contractAddress == Fixture.token)
        #expect(receipt.logs.isEmpty)
    }

    @Test("eth_getTransactionByHash: an EIP-1559 transaction; null when unknown")
    func transaction() async throws {
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        let tx = try #require(try await remote.transaction(hash: Fixture.txHash))
        #expect(tx.hash == Fixture.txHash)
        #expect(tx.from == Fixture.alice)
        #expect(tx.to == Fixture.token)
        #expect(tx.nonce == 4)
        #expect(tx.value == 0)
        #expect(tx.input.count == 68)
        #expect(Array(tx.input.prefix(4)) == [0xa9, 0x05, 0x9c, 0xbb])
        #expect(tx.blockNumber == 436)
        #expect(tx.gas == 70000)
        #expect(tx.maxFeePerGas == 2_000_000_007)
        #expect(tx.maxPriorityFeePerGas == 1_000_000_000)
        #expect(tx.gasPrice == 1_000_000_007)

        mock.register(method: "eth_getTransactionByHash", result: .null)
        #expect(try await remote.transaction(hash: Fixture.txHash) == nil)
    }

    @Test("eth_getCode: bytecode, and empty for an account without code")
    func code() async throws {
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        let code = try await remote.code(at: Fixture.token)
        #expect(Array(code.prefix(4)) == [0x60, 0x80, 0x60, 0x40])
        #expect(try Fixture.body(mock)["params"] == .array([.string(Fixture.token.lowercased), .string("latest")]))
        mock.register(method: "eth_getCode", result: .string("0x"))
        #expect(try await remote.code(at: Fixture.alice, at: .pending) == [])
        #expect(try Fixture.body(mock, 1)["params"]?.arrayValue?.last == .string("pending"))
    }

    @Test("eth_getLogs: the filter object, mined and pending logs")
    func logs() async throws {
        let mock = try Fixture.mock()
        let filter = LogFilter(
            fromBlock: .number(400),
            toBlock: .latest,
            address: [Fixture.token],
            topics: [[Fixture.transferTopic], nil, [Fixture.topic(Fixture.bob), Fixture.topic(Fixture.alice)]]
        )
        let logs = try await Fixture.remote(mock).logs(filter)
        #expect(logs.count == 2)
        #expect(logs[0].blockNumber == 436)
        #expect(logs[0].topics[2] == Fixture.topic(Fixture.bob))
        #expect(logs[1] == Log(
            address: Fixture.token,
            topics: [Fixture.transferTopic, Fixture.topic(Fixture.bob), Fixture.topic(Fixture.alice)],
            data: [UInt8](repeating: 0, count: 24) + [0x06, 0xf0, 0x5b, 0x59, 0xd3, 0xb2, 0x00, 0x00]
        ))
        let sent = try #require(try Fixture.body(mock)["params"]?.arrayValue?.first)
        #expect(sent["fromBlock"] == .string("0x190"))
        #expect(sent["toBlock"] == .string("latest"))
        #expect(sent["address"] == .string(Fixture.token.lowercased))
        #expect(sent["topics"] == .array([
            .array([.string(Hex.encode(Fixture.transferTopic))]),
            .null,
            .array([.string(Hex.encode(Fixture.topic(Fixture.bob))), .string(Hex.encode(Fixture.topic(Fixture.alice)))]),
        ]))
    }

    @Test("a filter on several contracts sends an address array; none sends no address")
    func logFilterAddresses() {
        #expect(LogFilter(address: [Fixture.alice, Fixture.bob]).jsonValue["address"]?.arrayValue?.count == 2)
        #expect(LogFilter().jsonValue["address"] == nil)
        #expect(LogFilter().jsonValue["topics"] == nil)
    }

    @Test("eth_getBlockByNumber without bodies: header fields and transaction hashes; null past the head")
    func block() async throws {
        let mock = try Fixture.mock()
        let remote = Fixture.remote(mock)
        let block = try #require(try await remote.block(.number(436)))
        #expect(block == Block(
            number: 436,
            hash: Fixture.blockHash,
            timestamp: 0x6650f5a1,
            baseFeePerGas: 7,
            gasLimit: 30_000_000,
            transactionHashes: [Fixture.txHash]
        ))
        #expect(try Fixture.body(mock)["params"] == .array([.string("0x1b4"), .bool(false)]))

        mock.register(method: "eth_getBlockByNumber", result: .null)
        #expect(try await remote.block(.number(10_000)) == nil)
    }

    @Test("the pending block has no hash yet; a pre-London block has no base fee")
    func pendingBlock() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_getBlockByNumber", result: try JSONParser.parse(
            #"{"number":"0x1b5","hash":null,"timestamp":"0x6650f5ad","gasLimit":"0x1c9c380","transactions":[]}"#))
        let block = try #require(try await Fixture.remote(mock).block(.pending))
        #expect(block.hash == [])
        #expect(block.baseFeePerGas == nil)
        #expect(block.number == 437)
    }

    @Test("block tags encode as geth expects")
    func blockTags() {
        #expect(BlockTag.latest.jsonValue == .string("latest"))
        #expect(BlockTag.pending.jsonValue == .string("pending"))
        #expect(BlockTag.earliest.jsonValue == .string("earliest"))
        #expect(BlockTag.safe.jsonValue == .string("safe"))
        #expect(BlockTag.finalized.jsonValue == .string("finalized"))
        #expect(BlockTag.number(0).jsonValue == .string("0x0"))
        #expect(BlockTag.number(255).jsonValue == .string("0xff"))
    }

    @Test("a typed request can be built once and sent through `send`")
    func typedRequest() async throws {
        let mock = try Fixture.mock()
        let request = EthereumRemote.Requests.balance(of: Fixture.alice)
        #expect(request.method == "eth_getBalance")
        #expect(try request.map(.string("0x10")) == 16)
        #expect(try await Fixture.remote(mock).send(request) == BigUInt("10000000000000000000000"))
    }
}
