import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing
import TestSupport

@Suite("Fuzz: mutated node answers never crash, they fail as NetworkError")
struct JSONRPCFuzzTests {
    private static let fixtureNames = [
        "eth_getTransactionReceipt", "eth_getTransactionByHash", "eth_getBlockByNumber", "eth_getLogs",
        "eth_feeHistory", "eth_call.revert", "eth_getBalance",
    ]

    @Test("2,000 mutations of real answers through every mapper")
    func mutations() async throws {
        let fixtures = try Fixture.mock()
        var rng = SplitMix64(seed: 0xb1f0_57)
        let tokens: [[UInt8]] = ["null", "0x", "\"0x\"", "[]", "{}", "\"", "-1", "1e999", "\"0xzz\"", ",", "}"].map { Array($0.utf8) }
        var mapped = 0
        for round in 0..<2000 {
            let name = Self.fixtureNames[round % Self.fixtureNames.count]
            var bytes = Array(JSONWriter.write(try #require(fixtures.fixture(name))).utf8)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: tokens.randomElement(using: &rng)!, at: at)
                default: bytes = Array(bytes.prefix(at))
                }
                if bytes.isEmpty { bytes = [0x7b] }
            }
            let mock = MockNetwork()
            mock.respond(status: 200, body: String(decoding: bytes, as: UTF8.self))
            let remote = Fixture.remote(mock)
            do {
                switch round % Self.fixtureNames.count {
                case 0: _ = try await remote.transactionReceipt(hash: Fixture.txHash)
                case 1: _ = try await remote.transaction(hash: Fixture.txHash)
                case 2: _ = try await remote.block(.latest)
                case 3: _ = try await remote.logs(LogFilter())
                case 4: _ = try await remote.feeHistory(blockCount: 4, newest: .latest, rewardPercentiles: [25, 75])
                case 5: _ = try await remote.call(CallRequest())
                default: _ = try await remote.balance(of: Fixture.alice)
                }
                mapped += 1
            } catch {
                // Typed throws already guarantee NetworkError; what matters is getting here without a crash,
                // with a message that stays one line.
                #expect(!error.description.contains("\n"))
            }
        }
        // Some mutations hit insignificant bytes and still map.
        #expect(mapped > 0)
    }
}
