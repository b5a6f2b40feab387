import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// The Safe store's propose, execute and deploy paths on a mock node, as a store test: given
/// fixtures, when an action, then the requests sent and the rows written. A plain `swift test`
/// without a chain covers them; the integration suite runs the same flows on a real EVM.
@Suite("Safe store flows on a mock node")
struct SafeStoreFlowTests {
    typealias Base = SafeOfflineTests
    static let rich = BigUInt(10).power(21)

    /// The fixture's node: the Safe (owners 0 and 1, threshold 2, nonce 3) and what a send asks.
    static func node(_ f: Base.Fixture, executes: Bool = true) async throws -> ChainSelection {
        let n = f.network
        n.clearFaults()
        n.serve(MockSafeNode(chainID: Base.chainID, owners: Base.keys.prefix(2).map(\.address), threshold: 2, nonce: 3,
                             balance: rich, executes: executes))
        n.register(method: "eth_getTransactionCount", result: .string("0x5"))
        n.register(method: "eth_gasPrice", result: .string("0x3b9aca00"))
        n.register(method: "eth_estimateGas", result: .string("0x186a0"))
        n.register(method: "eth_sendRawTransaction") { params in
            let raw = (try? [UInt8](hex: params.first?.stringValue ?? "")) ?? []
            return .result(.string(Hex.encode(Keccak256.hash(raw))))
        }
        _ = try await f.services.dispatcher.dispatch(AddNetwork(name: "node", rpcURL: "http://127.0.0.1:8545", chainID: Base.chainID, deployments: nil))
        return ChainSelection(networkName: "node")
    }

    /// The raw transactions the node was asked to broadcast, decoded.
    static func broadcast(_ network: MockNetwork) throws -> [TransactionSummary] {
        try network.requests.flatMap { request -> [TransactionSummary] in
            guard let body = try? JSONParser.parse(request.body) else { return [] }
            let calls = body.arrayValue ?? [body]
            return try calls.filter { $0["method"]?.stringValue == "eth_sendRawTransaction" }.map {
                try OfflineTransactions().decode(try [UInt8](hex: $0["params"]?.arrayValue?.first?.stringValue ?? ""))
            }
        }
    }

    @Test("propose: the Safe is read once, the next free nonce after the queue is taken, the entry is stored, nothing is sent")
    func propose() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let chain = try await Self.node(f)
        f.network.resetRecording()
        // When
        let entry = try await f.services.dispatcher.dispatch(ProposeSafeTransaction(
            safe: Base.safeAddress, intent: .call(to: Base.keys[2].address, value: 7, data: [], operation: .call), chain: chain))
        // Then: nonce 4 (3 is the Safe's nonce and already queued), hash as SafeKit computes it, stored
        #expect(entry.transaction.nonce == 4 && entry.transaction.value == 7 && entry.signatures.isEmpty)
        #expect(entry.safeTxHash == (try entry.transaction.hash()))
        let stored = try #require(try await f.storage.transaction(safeTxHash: entry.safeTxHash))
        #expect(stored.transaction == entry.transaction && stored.status == .queued && stored.summary == entry.summary)
        #expect(try await f.storage.transactions(chainID: Base.chainID, safe: Base.safeAddress).map(\.transaction.nonce) == [3, 4])
        #expect(f.network.requests.count == 1, "one batch read")
        #expect(try Self.broadcast(f.network).isEmpty)
    }

    @Test("execute: both owners signed offline; one execTransaction is signed by the executor, with the signatures sorted, and the entry records its hash")
    func execute() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        for key in ["owner1", "owner0"] {
            _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: key, password: { "pw" }))
        }
        let chain = try await Self.node(f)
        // When
        let result = try await f.services.dispatcher.dispatch(ExecuteSafeTransaction(
            safeTxHash: f.entry.safeTxHash, keyName: "owner0", chain: chain, wait: false, password: { "pw" }))
        // Then: exactly one broadcast, from owner 0 to the Safe, carrying execTransaction with both signatures in owner order
        let sent = try Self.broadcast(f.network)
        #expect(sent.count == 1)
        let tx = try #require(sent.first)
        #expect(tx.from == Base.keys[0].address && tx.signed.transaction.to == Base.safeAddress && tx.signed.transaction.chainID == Base.chainID)
        #expect(tx.signed.transaction.nonce == 5)
        let stored = try #require(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash))
        let sorted = stored.signatures.sorted { $0.owner < $1.owner }
        #expect(sorted.map(\.owner) == Base.keys.prefix(2).map(\.address).sorted())
        #expect(tx.signed.transaction.data == (try f.entry.transaction.execTransactionCall(signatures: SafeSignature.pack(sorted))))
        // And the rows: the entry knows its execution, the sent transaction is kept; without --wait the verdict is open
        #expect(stored.executionHash == tx.signed.hash && result.success == nil && stored.status == .queued)
        #expect(result.transaction.hash == tx.signed.hash)
    }

    @Test("execute: a simulation that reports failure sends nothing and records nothing")
    func executeSimulationFails() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        for key in ["owner0", "owner1"] {
            _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: key, password: { "pw" }))
        }
        let chain = try await Self.node(f, executes: false)
        await #expect(throws: ChainError.wouldRevert("the Safe reports the inner call would fail")) {
            try await f.services.dispatcher.dispatch(ExecuteSafeTransaction(
                safeTxHash: f.entry.safeTxHash, keyName: "owner0", chain: chain, wait: false, password: { "pw" }))
        }
        #expect(try Self.broadcast(f.network).isEmpty)
        #expect(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash)?.executionHash == nil)
    }

    @Test("deploy: createProxyWithNonce goes to the factory, and the predicted address is the CREATE2 address of that call")
    func deploy() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let chain = try await Self.node(f)
        let creationCode: [UInt8] = [0x60, 0x80, 0x60, 0x40, 0x52, 0xde, 0xad]
        // The factory answers proxyCreationCode(); the singleton answers VERSION() with `reported`; only the singleton has code.
        let reported = Reported("1.4.1")
        f.network.register(method: "eth_call") { params in
            let data = (try? [UInt8](hex: params.first?["data"]?.stringValue ?? params.first?["input"]?.stringValue ?? "")) ?? []
            if data == SafeContract.version, let encoded = try? ABIEncoder.encode([.string], [.string(reported.value)]) {
                return .result(.string(Hex.encode(encoded)))
            }
            guard data == SafeProxyFactory.proxyCreationCode, let encoded = try? ABIEncoder.encode([.bytes], [.bytes(creationCode)]) else {
                return .error(code: 3, message: "execution reverted", data: "0x")
            }
            return .result(.string(Hex.encode(encoded)))
        }
        f.network.register(method: "eth_getCode") { params in
            params.first?.stringValue?.lowercased() == SafeDeployments.safeL2Singleton.lowercased ? .result(.string("0x6080")) : .result(.string("0x"))
        }
        let owners = [Base.keys[0].address, Base.keys[2].address]
        // When
        let deployment = try await f.services.dispatcher.dispatch(DeploySafe(
            keyName: "owner0", owners: owners, threshold: 1, saltNonce: 42, name: "new", chain: chain, wait: false, password: { "pw" }))
        // Then
        let initializer = try SafeContract.setupCall(owners: owners, threshold: 1, fallbackHandler: SafeDeployments.fallbackHandler)
        let predicted = try SafeProxyFactory.predictAddress(factory: SafeDeployments.proxyFactory, singleton: SafeDeployments.safeL2Singleton,
                                                            initializer: initializer, saltNonce: 42, creationCode: creationCode)
        #expect(deployment.safe == predicted && deployment.state == nil)
        let sent = try Self.broadcast(f.network)
        #expect(sent.count == 1 && sent.first?.signed.transaction.to == SafeDeployments.proxyFactory)
        #expect(sent.first?.signed.transaction.data == (try SafeProxyFactory.createProxyWithNonce(
            singleton: SafeDeployments.safeL2Singleton, initializer: initializer, saltNonce: 42)))

        // A singleton that reports another release than asked for is refused before anything is signed.
        f.network.resetRecording()
        reported.value = "1.3.0"
        await #expect(throws: SafeError.singletonVersion(SafeDeployments.safeL2Singleton, reports: "1.3.0", expected: .v1_4_1)) {
            try await f.services.dispatcher.dispatch(DeploySafe(
                keyName: "owner0", owners: owners, threshold: 1, saltNonce: 43, chain: chain, wait: false, password: { "pw" }))
        }
        // Safe 1.5.0 without a deployments file: its canonical factory and L2 singleton.
        reported.value = "1.5.0"
        let modern = try await f.services.dispatcher.dispatch(DeploySafe(
            keyName: "owner0", owners: owners, threshold: 1, saltNonce: 44, version: .v1_5_0, chain: chain, wait: false, password: { "pw" }))
        let canonical = SafeDeployments.canonical(.v1_5_0)
        let handler = try #require(canonical.fallbackHandler), factory = try #require(canonical.safeProxyFactory)
        let singleton = try #require(canonical.safeL2Singleton)
        let modernInit = try SafeContract.setupCall(owners: owners, threshold: 1, fallbackHandler: handler)
        #expect(modern.safe == (try SafeProxyFactory.predictAddress(factory: factory, singleton: singleton, initializer: modernInit,
                                                                    saltNonce: 44, creationCode: creationCode)))
        let last = try Self.broadcast(f.network).last
        #expect(modern.version == .v1_5_0 && last?.signed.transaction.to == factory)
    }

    /// What the mock singleton's VERSION() says, changed between calls.
    final class Reported: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String
        init(_ text: String) { self.text = text }
        var value: String {
            get { lock.withLock { text } }
            set { lock.withLock { text = newValue } }
        }
    }
}
