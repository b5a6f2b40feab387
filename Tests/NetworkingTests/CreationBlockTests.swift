import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Testing

/// A Safe's creation block, searched with batches of eth_getCode at old blocks, so history reads
/// start there instead of at block 0.
@Suite("Creation block search")
struct CreationBlockTests {
    /// A node where `Fixture.token` has code from `created` on.
    static func node(created: BigUInt) -> MockNetwork {
        let mock = MockNetwork()
        mock.register(method: "eth_getCode") { params in
            guard let tag = params.dropFirst().first?.stringValue, let block = BigUInt(tag.dropFirst(2), radix: 16) else {
                return .error(code: -32602, message: "a block number, please")
            }
            return .result(.string(block >= created ? "0x6080" : "0x"))
        }
        return mock
    }

    @Test("found exactly, at the edges too, in few round trips of batched probes", arguments: [
        (BigUInt(0), BigUInt(20_000_000)), (BigUInt(12_345_678), BigUInt(20_000_000)), (BigUInt(19_999_999), BigUInt(20_000_000)),
        (BigUInt(20_000_000), BigUInt(20_000_000)), (BigUInt(1), BigUInt(2)), (BigUInt(7), BigUInt(7)),
    ])
    func search(created: BigUInt, latest: BigUInt) async throws {
        let mock = Self.node(created: created)
        #expect(try await Fixture.remote(mock).creationBlock(of: Fixture.token, latest: latest) == created)
        #expect(mock.requests.count <= 10, "\(mock.requests.count) round trips")
    }

    @Test("no code at the latest block: nil, after one request")
    func notDeployed() async throws {
        let mock = Self.node(created: 500)
        #expect(try await Fixture.remote(mock).creationBlock(of: Fixture.token, latest: 499) == nil)
        #expect(mock.requests.count == 1)
    }

    @Test("a node without old state fails the search with its error, for the caller to read from block 0")
    func pruned() async throws {
        let mock = MockNetwork()
        mock.register(method: "eth_getCode") { params in
            params.dropFirst().first?.stringValue == "0x3e8" ? .result(.string("0x6080")) : .error(code: -32000, message: "missing trie node")
        }
        await #expect(throws: NetworkError.self) { try await Fixture.remote(mock).creationBlock(of: Fixture.token, latest: 1000) }
    }
}
