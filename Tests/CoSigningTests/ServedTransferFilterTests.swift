import BigInt
@testable import CoSigning
import EthereumKit
import Foundation
import Networking
@testable import Services
import Testing

/// The transfer listings' filters and metadata, as the official service applies them.
@Suite("Served transfers: the official filters and ERC-721 metadata")
struct ServedTransferFilterTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let other = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    static let token = try! Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")

    static func transfer(_ kind: ServedTransfer.Kind, block: BigUInt) -> ServedTransfer {
        ServedTransfer(kind: kind, date: Date(timeIntervalSince1970: 0), block: block, transactionHash: [UInt8](repeating: UInt8(block), count: 32),
                       from: other, to: safe, value: kind == .erc721 ? nil : 1, tokenID: kind == .erc721 ? 7 : nil,
                       token: kind == .ether ? nil : token, metadata: nil, id: "e\(block)", logIndex: 0, part: 0)
    }

    static let all = [transfer(.ether, block: 5), transfer(.erc20, block: 6), transfer(.erc721, block: 7)]

    func kept(_ change: (inout ServedTransferFilter) -> Void) -> [BigUInt] {
        var filter = ServedTransferFilter()
        change(&filter)
        return Self.all.filter(filter.keeps).map(\.block)
    }

    @Test("a kind set true keeps only it, false drops it, and kinds given together must all hold")
    func kinds() {
        #expect(kept { _ in } == [5, 6, 7])
        #expect(kept { $0.kinds[.erc20] = true } == [6])
        #expect(kept { $0.kinds[.ether] = false } == [6, 7])
        #expect(kept { $0.kinds[.ether] = true; $0.kinds[.erc20] = true } == [])
        #expect(kept { $0.kinds[.ether] = false; $0.kinds[.erc721] = false } == [6])
    }

    @Test("block bounds given together narrow, whichever comes first")
    func blocks() {
        #expect(kept { $0.only(6) } == [6])
        #expect(kept { $0.only(6); $0.above(6) } == [])
        #expect(kept { $0.above(6); $0.only(6) } == [])
        #expect(kept { $0.below(7); $0.below(9) } == [5, 6])
        #expect(kept { $0.above(4); $0.above(5) } == [6, 7])
        #expect(kept { $0.only(0) } == [])
    }

    static func answer(_ bytes: [UInt8]) -> Result<[UInt8], any Error> { .success(bytes) }
    static let name = try! ABIEncoder.encode(.string, .string("Kitties")), symbol = try! ABIEncoder.encode(.string, .string("CK"))

    @Test("an ERC-721 without decimals reads as 0 decimals; an ERC-20 without them is no token")
    func collectible() throws {
        let failed: Result<[UInt8], any Error> = .failure(NetworkError.invalidResponse("execution reverted"))
        let answers = [Self.answer(Self.name), Self.answer(Self.symbol), failed]
        #expect(try TokenMetadata.decode(Self.token, answers[...], collectible: true) == TokenMetadata(name: "Kitties", symbol: "CK", decimals: 0))
        #expect(throws: ChainError.notAToken(Self.token)) { try TokenMetadata.decode(Self.token, answers[...]) }
        let withDecimals = [Self.answer(Self.name), Self.answer(Self.symbol), Self.answer(try ABIEncoder.encode(.uint(bits: 8), .uint(18)))]
        #expect(try TokenMetadata.decode(Self.token, withDecimals[...], collectible: true).decimals == 18)
    }
}

/// The cache behind the transfer listings: one read per Safe and head, a bounded number of Safes.
@Suite("PerHeadCache: one chain read per Safe and head")
struct PerHeadCacheTests {
    actor Reads {
        var count = 0
        func read(_ value: Int) async throws -> Int {
            count += 1
            try await Task.sleep(for: .milliseconds(20))
            return value
        }
    }

    static func safe(_ n: UInt8) -> Address { try! Address(bytes: [UInt8](repeating: n, count: 20)) }

    @Test("pages at one head share a read, concurrent ones included; a new head reads again")
    func sharing() async throws {
        let cache = PerHeadCache<Int>(), reads = Reads()
        let head = [UInt8](repeating: 1, count: 32)
        async let a = cache.value(of: Self.safe(1), head: head) { try await reads.read(1) }
        async let b = cache.value(of: Self.safe(1), head: head) { try await reads.read(2) }
        #expect(try await [a, b] == [1, 1])
        #expect(try await cache.value(of: Self.safe(1), head: head) { try await reads.read(3) } == 1)
        #expect(await reads.count == 1)
        #expect(try await cache.value(of: Self.safe(1), head: [UInt8](repeating: 2, count: 32)) { try await reads.read(4) } == 4)
        #expect(await reads.count == 2)
    }

    @Test("a failed read is not kept, and past capacity the Safe asked for least recently goes")
    func boundsAndFailures() async throws {
        struct Refused: Error {}
        let cache = PerHeadCache<Int>(capacity: 2), head = [UInt8](repeating: 1, count: 32)
        await #expect(throws: Refused.self) { _ = try await cache.value(of: Self.safe(1), head: head) { throw Refused() } }
        #expect(try await cache.value(of: Self.safe(1), head: head) { 10 } == 10)
        #expect(try await cache.value(of: Self.safe(2), head: head) { 20 } == 20)
        #expect(try await cache.value(of: Self.safe(1), head: head) { 11 } == 10)
        #expect(try await cache.value(of: Self.safe(3), head: head) { 30 } == 30)
        #expect(await cache.count == 2)
        #expect(try await cache.value(of: Self.safe(1), head: head) { 12 } == 10, "Safe 1 was asked for more recently than Safe 2")
        #expect(try await cache.value(of: Self.safe(2), head: head) { 21 } == 21, "Safe 2 went first")
    }
}
