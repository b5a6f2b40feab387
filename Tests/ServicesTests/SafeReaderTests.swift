import BigInt
import Foundation
import Networking
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

    enum VersionAnswer { case safe, revert, nodeError }

    /// A node on the fixture's chain with a Safe 1.4.1 at the fixture's address, with these owners
    /// (threshold 2) and nonce, whose VERSION call answers as `version` says.
    static func node(_ f: Base.Fixture, version: VersionAnswer = .safe, owners: [Address] = Base.keys.prefix(2).map(\.address),
                     nonce: BigUInt = 5) async throws -> ChainSelection {
        let n = f.network
        n.clearFaults()
        n.register(method: "eth_chainId", result: .string("0x" + String(Base.chainID, radix: 16)))
        n.register(method: "eth_getCode", result: .string("0x6080"))
        n.register(method: "eth_getBalance", result: .string("0x2a"))
        n.register(method: "eth_getStorageAt") { params in
            let slot = try? [UInt8](hex: params[1].stringValue ?? "")
            let holder = slot == SafeContract.guardSlot ? Self.guardAddress : Self.fallback
            return .result(.string(Hex.encode([UInt8](repeating: 0, count: 12) + holder.bytes)))
        }
        n.register(method: "eth_call") { params in
            let data = (try? [UInt8](hex: params[0]["data"]?.stringValue ?? params[0]["input"]?.stringValue ?? "")) ?? []
            func answer(_ type: ABIType, _ value: ABIValue) -> MockNetwork.RPCAnswer { .result(.string(Hex.encode(try! ABIEncoder.encode(type, value)))) }
            switch Array(data.prefix(4)) {
            case Array(SafeContract.version.prefix(4)):
                switch version {
                case .safe: return answer(.string, .string("1.4.1"))
                case .revert: return .error(code: 3, message: "execution reverted", data: "0x")
                case .nodeError: return .error(code: -32603, message: "header not found")
                }
            case Array(SafeContract.getOwners.prefix(4)): return answer(.array(.address), .array(owners.map { .address($0) }))
            case Array(SafeContract.getThreshold.prefix(4)): return answer(.uint(bits: 256), .uint(2))
            case Array(SafeContract.nonce.prefix(4)): return answer(.uint(bits: 256), .uint(nonce))
            case Array(SafeContract.modulesPage().prefix(4)):
                return .result(.string(Hex.encode(try! ABIEncoder.encode([.array(.address), .address], [.array([.address(Self.module)]), .address(.zero)]))))
            default: return .error(code: 3, message: "execution reverted", data: "0x")
            }
        }
        _ = try await f.services.dispatcher.dispatch(AddNetwork(name: "node", rpcURL: "http://127.0.0.1:8545", chainID: Base.chainID, deployments: nil))
        return ChainSelection(networkName: "node")
    }

    @Test("every answer lands in its own field")
    func slots() async throws {
        let f = try Base.fixture()
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
        let f = try Base.fixture()
        defer { f.cleanUp() }
        let chain = try await Self.node(f, version: .revert)
        await #expect(throws: SafeError.notASafe(Base.safeAddress)) {
            try await f.services.dispatcher.dispatch(SafeInfoQuery(address: Base.safeAddress, chain: chain))
        }
    }

    @Test("any other node error is reported as the node's error, not as 'not a Safe'")
    func nodeErrorStays() async throws {
        let f = try Base.fixture()
        defer { f.cleanUp() }
        let chain = try await Self.node(f, version: .nodeError)
        let error = await #expect(throws: NetworkError.self) {
            try await f.services.dispatcher.dispatch(SafeInfoQuery(address: Base.safeAddress, chain: chain))
        }
        #expect(error == .rpc(code: -32603, message: "header not found", data: nil))
    }
}
