import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Testing

/// Every way a send can fail before or during broadcast, against MockNetwork: each is a typed
/// error, no password is asked when the failure comes first, and the history never holds a
/// half-written entry.
@Suite("Send faults", .serialized)
struct SendFaultTests {
    static let devKey = try! PrivateKey(hex: "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
    static let recipient = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let txHash = "0x" + String(repeating: "ab", count: 32)

    /// A node answering a healthy preflight: chain 31337, nonce 0, 10 ETH, EIP-1559 fees.
    static func healthyNode() -> MockNetwork {
        let mock = MockNetwork()
        mock.register(method: "eth_chainId", result: .string("0x7a69"))
        mock.register(method: "eth_getTransactionCount", result: .string("0x0"))
        mock.register(method: "eth_getBalance", result: .string("0x8ac7230489e80000"))
        mock.register(method: "eth_getBlockByNumber", result: .object([
            ("number", .string("0x10")), ("hash", .string(txHash)), ("timestamp", .string("0x6553f100")),
            ("baseFeePerGas", .string("0x3b9aca00")), ("gasLimit", .string("0x1c9c380")), ("transactions", .array([])),
        ]))
        mock.register(method: "eth_feeHistory", result: .object([
            ("oldestBlock", .string("0xc")), ("baseFeePerGas", .array([.string("0x3b9aca00"), .string("0x3b9aca00")])),
            ("gasUsedRatio", .array([.number("0.5")])), ("reward", .array([.array([.string("0x3b9aca00")])])),
        ]))
        mock.register(method: "eth_gasPrice", result: .string("0x77359400"))
        mock.register(method: "eth_estimateGas", result: .string("0x5208"))
        mock.register(method: "eth_sendRawTransaction", result: .string(txHash))
        return mock
    }

    struct Fixture {
        let services: AppServices
        let home: URL
        func cleanUp() { try? FileManager.default.removeItem(at: home) }
    }

    func wallet(_ mock: MockNetwork) async throws -> Fixture {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-faults-\(UUID().uuidString)")
        let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: mock)
        _ = try await services.keys.importPrivateKey(name: "dev", key: Self.devKey, password: "pw")
        _ = try await services.dispatcher.dispatch(AddNetwork(name: "local", rpcURL: "http://127.0.0.1:8545", chainID: 31337, deployments: nil))
        return Fixture(services: services, home: home)
    }

    func send(_ f: Fixture, password: String = "pw", asked: (@Sendable () -> Void)? = nil, wei: BigUInt = 1) async throws -> SendResult {
        try await f.services.dispatcher.dispatch(SendTransaction(
            keyName: "dev", transfer: .ether(to: Self.recipient, wei: wei), chain: ChainSelection(networkName: "local"),
            wait: false, password: { asked?(); return password }))
    }

    func history(_ f: Fixture) async throws -> [StoredTransaction] {
        try await f.services.dispatcher.dispatch(ListTransactions(from: nil))
    }

    @Test("a healthy node: one preflight round trip, one broadcast, and a pending entry in the history")
    func healthy() async throws {
        let mock = Self.healthyNode()
        let f = try await wallet(mock)
        defer { f.cleanUp() }
        mock.resetRecording()
        let result = try await send(f)
        #expect(result.transaction.status == .pending)
        #expect(result.transaction.nonce == 0)
        #expect(mock.roundTrips == 2)
        let decoded = try SignedTransaction.decode(result.transaction.raw)
        #expect(decoded.transaction.type == .dynamicFee)
        #expect(decoded.transaction.maxPriorityFeePerGas == 1_000_000_000)
        #expect(decoded.transaction.maxFeePerGas == 3_000_000_000)
        #expect(try await history(f).map(\.status) == [.pending])
    }

    @Test("transport failures (unreachable, timeout, HTTP 5xx, non-JSON) stop the send before any password or signature")
    func transport() async throws {
        let faults: [(MockNetwork) -> Void] = [
            { $0.fail(with: .unreachable("cannot reach http://127.0.0.1:8545: connection refused")) },
            { $0.fail(with: .timeout(seconds: 5)) },
            { $0.respond(status: 502, body: "Bad Gateway") },
            { $0.respond(status: 200, body: "<html>maintenance</html>") },
        ]
        for (i, inject) in faults.enumerated() {
            let mock = Self.healthyNode()
            let f = try await wallet(mock)
            defer { f.cleanUp() }
            inject(mock)
            do {
                _ = try await send(f, asked: { Issue.record("fault \(i): the password must not be asked") })
                Issue.record("fault \(i): expected a failure")
            } catch let error as NetworkError {
                #expect(!error.description.contains("\n"))
            }
            #expect(try await history(f).isEmpty, "fault \(i): nothing recorded")
        }
    }

    @Test("a revert in simulation is shown with its reason and nothing is signed")
    func revert() async throws {
        let mock = Self.healthyNode()
        // Error(string) "ERC20: transfer amount exceeds balance"
        let reason = "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002645524332303a207472616e7366657220616d6f756e7420657863656564732062616c616e63650000000000000000000000000000000000000000000000000000"
        mock.register(method: "eth_estimateGas", errorCode: 3, message: "execution reverted: ERC20: transfer amount exceeds balance", data: reason)
        let f = try await wallet(mock)
        defer { f.cleanUp() }
        await #expect(throws: ChainError.wouldRevert("ERC20: transfer amount exceeds balance")) { _ = try await send(f) }
        #expect(try await history(f).isEmpty)
    }

    @Test("insufficient funds is refused before signing")
    func insufficient() async throws {
        let mock = Self.healthyNode()
        mock.register(method: "eth_getBalance", result: .string("0x1000"))
        let f = try await wallet(mock)
        defer { f.cleanUp() }
        await #expect(throws: ChainError.insufficientFunds(have: 0x1000, need: 1 + 21_000 * 3_000_000_000)) {
            _ = try await send(f, asked: { Issue.record("must not ask") })
        }
        #expect(try await history(f).isEmpty)
    }

    @Test("a wrong password signs nothing and records nothing")
    func wrongPassword() async throws {
        let mock = Self.healthyNode()
        let f = try await wallet(mock)
        defer { f.cleanUp() }
        await #expect(throws: KeystoreFileError.wrongPassword) { _ = try await send(f, password: "nope") }
        #expect(!mock.rpcMethods.contains("eth_sendRawTransaction"))
        #expect(try await history(f).isEmpty)
    }

    @Test("a JSON-RPC error on broadcast keeps the node's message and leaves a rejected entry, not a pending one")
    func rejectedByNode() async throws {
        let mock = Self.healthyNode()
        mock.register(method: "eth_sendRawTransaction", errorCode: -32000, message: "nonce too low: next nonce 5, tx nonce 0")
        let f = try await wallet(mock)
        defer { f.cleanUp() }
        do {
            _ = try await send(f)
            Issue.record("expected the node's refusal")
        } catch let error as NetworkError {
            #expect(error == .rpc(code: -32000, message: "nonce too low: next nonce 5, tx nonce 0", data: nil))
        }
        let entries = try await history(f)
        #expect(entries.map(\.status) == [.rejected])
        #expect(entries.first?.error?.contains("nonce too low") == true)
    }

    @Test("a node on another chain is refused before signing")
    func wrongChain() async throws {
        let mock = Self.healthyNode()
        mock.register(method: "eth_chainId", result: .string("0x1"))
        let f = try await wallet(mock)
        defer { f.cleanUp() }
        await #expect(throws: ChainError.chainIDMismatch(network: "local", expected: 31337, actual: 1)) {
            _ = try await send(f, asked: { Issue.record("must not ask") })
        }
    }
}
