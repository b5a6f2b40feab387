import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// The after-state part of a review against nodes that cannot give it: each says why, and the
/// rest of the review (decoding, the plain simulation) stands.
@Suite("Review: the Safe after the transaction, when the node cannot tell")
struct SafeEffectReviewTests {
    typealias Base = SafeOfflineTests

    /// The fixture's Safe on a mock node whose `eth_call` answers `answer`.
    static func review(simulate: (@Sendable (_ params: [JSONValue]) -> MockNetwork.RPCAnswer)? = nil,
                       _ answer: @escaping @Sendable (_ params: [JSONValue]) -> MockNetwork.RPCAnswer) async throws -> SafeTransactionReview {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        f.network.clearFaults()
        f.network.register(method: "eth_chainId", result: .string("0x" + String(Base.chainID, radix: 16)))
        f.network.register(method: "eth_call", answer: answer)
        if let simulate { f.network.register(method: "eth_simulateV1", answer: simulate) }
        _ = try await f.services.dispatcher.dispatch(AddNetwork(name: "node", rpcURL: "http://127.0.0.1:8545", chainID: Base.chainID, deployments: nil))
        return try await f.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: f.entry.safeTxHash, chain: ChainSelection(networkName: "node")))
    }

    /// `simulateAndRevert`'s revert of `answer`: success 1, its length, then the bytes.
    static func probeRevert(_ answer: [UInt8]) -> MockNetwork.RPCAnswer {
        let length = BigUInt(answer.count).serialize()
        let head = [UInt8](repeating: 0, count: 31) + [1] + [UInt8](repeating: 0, count: 32 - length.count) + length
        return .error(code: 3, message: "execution reverted", data: Hex.encode(head + answer))
    }

    @Test("a node that refuses the override set: the after-state is unavailable and says so; the plain simulation still runs")
    func refused() async throws {
        let review = try await Self.review { params in
            params.count > 2 ? .error(code: -32602, message: "too many arguments, want at most 2") : .result(.string("0x"))
        }
        #expect(review.simulation == .succeeds)
        guard case .unavailable(let why) = review.effect else { Issue.record("expected unavailable, got \(review.effect)"); return }
        #expect(why.contains("refused the call with a state override") && why.contains("too many arguments"))
        #expect(SafeEffectView(review.effect).summary.hasPrefix("the Safe after the transaction is unavailable: "))
    }

    @Test("a node that ignores the override runs an empty probe: unavailable, never a made-up state")
    func ignored() async throws {
        let review = try await Self.review { params in params.count > 2 ? Self.probeRevert([]) : .result(.string("0x")) }
        guard case .unavailable(let why) = review.effect else { Issue.record("expected unavailable, got \(review.effect)"); return }
        #expect(why.contains("ignored the state override"))
    }

    @Test("hostile probe answers (short, a list count beyond the limit or beyond the data, odd lengths) are unreadable, never a trap",
          arguments: [Array(repeating: UInt8(0), count: 31), Array(repeating: UInt8(0xff), count: 11 * 32),
                      Array(repeating: UInt8(0), count: 9 * 32) + Array(repeating: 0xff, count: 32) + Array(repeating: 0, count: 32),
                      Array(repeating: UInt8(0), count: 9 * 32) + [UInt8](repeating: 0, count: 31) + [3] + Array(repeating: 0, count: 32),
                      Array(repeating: UInt8(0), count: 11 * 32 + 5)])
    func hostile(_ answer: [UInt8]) async throws {
        let review = try await Self.review { params in params.count > 2 ? Self.probeRevert(answer) : .result(.string("0x")) }
        guard case .unavailable(let why) = review.effect else { Issue.record("expected unavailable, got \(review.effect)"); return }
        #expect(why.contains("did not read"))
    }

    @Test("a node without eth_simulateV1: the events are unavailable and say so; one that answers garbage logs: each named, none trusted")
    func events() async throws {
        let without = try await Self.review { _ in .result(.string("0x")) }
        #expect(without.events == .unavailable("the node does not serve eth_simulateV1"))
        #expect(SafeEventsView(without.events).outcome == "unavailable")
        let transfer = "0x" + Hex.encode(Keccak256.hash(Array("Transfer(address,address,uint256)".utf8))).dropFirst(2)
        let garbage = try await Self.review(simulate: { _ in
            .result(try! JSONParser.parse("""
                [{"calls":[{"status":"0x1","returnData":"0x","gasUsed":"0x1","logs":[
                  {"address":"0x3333333333333333333333333333333333333333","topics":["\(transfer)"],"data":"0xffff"},
                  {"address":"0x3333333333333333333333333333333333333333","topics":[],"data":"0x"}]}]}]
                """))
        }) { _ in .result(.string("0x")) }
        #expect(garbage.events.events.map(\.kind) == [.other, .other])
        #expect(garbage.events.events.allSatisfy { $0.transfer == nil })
        let failing = try await Self.review(simulate: { _ in
            .result(try! JSONParser.parse("""
                [{"calls":[{"status":"0x0","returnData":"0x","gasUsed":"0x1","logs":[],"error":{"code":3,"message":"execution reverted: GS013"}}]}]
                """))
        }) { _ in .result(.string("0x")) }
        guard case .failed(let why) = failing.events else { Issue.record("expected failed, got \(failing.events)"); return }
        #expect(why.contains("GS013"))
    }
}
