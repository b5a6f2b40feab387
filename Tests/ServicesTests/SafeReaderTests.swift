import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Testing

/// `safe info`'s one-batch read, on a mock node: each answer lands in its own field, a revert means
/// "not a Safe", and any other node error stays the node's error.
@Suite("Reading a Safe in one batch")
struct SafeReaderTests {
    typealias Base = SafeOfflineTests
    static let fallback = try! Address("0x00000000000000000000000000000000000000f1")
    static let guardAddress = try! Address("0x00000000000000000000000000000000000000a2")
    static let module = try! Address("0x00000000000000000000000000000000000000c3")

    /// A node on the fixture's chain with a Safe 1.4.1 (threshold 2) with these owners and nonce,
    /// whose VERSION call answers as `version` says; the network is added as "node".
    static func node(_ f: Base.Fixture, version: MockSafeNode.VersionAnswer = .safe, owners: [Address] = Base.keys.prefix(2).map(\.address),
                     nonce: BigUInt = 5) async throws -> ChainSelection {
        f.network.clearFaults()
        f.network.serve(MockSafeNode(chainID: Base.chainID, owners: owners, threshold: 2, nonce: nonce, versionAnswer: version,
                                     modules: [Self.module], fallbackHandler: Self.fallback, guardAddress: Self.guardAddress))
        _ = try await f.services.dispatcher.dispatch(AddNetwork(name: "node", rpcURL: "http://127.0.0.1:8545", chainID: Base.chainID, deployments: nil))
        return ChainSelection(networkName: "node")
    }

    @Test("every answer lands in its own field")
    func slots() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let state = try await f.services.dispatcher.dispatch(SafeInfoQuery(address: Base.safeAddress, chain: try await Self.node(f, version: .safe)))
        let s = state.safe
        #expect(s.version == "1.4.1" && s.chainID == Base.chainID)
        #expect(s.owners == Base.keys.prefix(2).map(\.address))
        #expect(s.threshold == 2 && s.nonce == 5)
        #expect(s.modules == [Self.module])
        #expect(s.fallbackHandler == Self.fallback && s.guardAddress == Self.guardAddress)
        #expect(state.balance.wei == 42)
    }

    @Test("a VERSION call that reverts means the address is not a Safe")
    func revertIsNotASafe() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let chain = try await Self.node(f, version: .revert)
        await #expect(throws: SafeError.notASafe(Base.safeAddress)) {
            try await f.services.dispatcher.dispatch(SafeInfoQuery(address: Base.safeAddress, chain: chain))
        }
    }

    @Test("any other node error is reported as the node's error, not as 'not a Safe'")
    func nodeErrorStays() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let chain = try await Self.node(f, version: .nodeError)
        let error = await #expect(throws: NetworkError.self) {
            try await f.services.dispatcher.dispatch(SafeInfoQuery(address: Base.safeAddress, chain: chain))
        }
        #expect(error == .rpc(code: -32603, message: "header not found", data: nil))
    }
}
