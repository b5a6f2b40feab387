import BigInt
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

/// Safe messages in the wallet's database: stored and read back field for field, signatures
/// merged one per owner, and a forged hash or a signature over something else refused on write.
@Suite("Storage: Safe messages")
struct SafeMessageStorageTests {
    static let owner = try! PrivateKey(hex: "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
    static let other = try! PrivateKey(hex: "0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f")
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")

    static func storage() throws -> (SafeStorage, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-messages-\(UUID().uuidString)")
        return (SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: url))), url)
    }

    @Test("a typed-data message round-trips with its signatures; a second save merges, keeping each owner's first")
    func roundTrip() async throws {
        let (storage, url) = try Self.storage()
        defer { try? FileManager.default.removeItem(at: url) }
        let json = #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"M":[{"name":"x","type":"uint256"}]},"primaryType":"M","domain":{"name":"d"},"message":{"x":"1"}}"#
        let message = SafeMessage(safe: Self.safe, chainID: 5, version: .v1_4_1, content: try .typedData(json: json))
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let entry = try SafeMessageEntry(message, proposer: Self.owner.address, at: time)
        let first = try SafeSignature.sign(safeTxHash: entry.messageHash, with: Self.owner)
        try await storage.save(entry.adding([first], at: time))
        let second = try SafeSignature.sign(safeTxHash: entry.messageHash, with: Self.other)
        let resigned = try SafeSignature.sign(safeTxHash: entry.messageHash, with: Self.owner)
        try await storage.save(entry.adding([second, resigned], at: time.addingTimeInterval(5)))
        let read = try #require(try await storage.message(messageHash: entry.messageHash))
        #expect(read.message == json && read.kind == .typedData && read.proposer == Self.owner.address && read.createdAt == time)
        #expect(read.signatures.map(\.owner) == [Self.owner.address, Self.other.address])
        #expect(try read.safeMessage().hash() == entry.messageHash)
        #expect(try await storage.messages(chainID: 5, safe: Self.safe).map(\.messageHash) == [entry.messageHash])
        #expect(try await storage.messages(chainID: 1, safe: Self.safe).isEmpty)
    }

    @Test("a hash that is not the message's, or a signature over another hash, is refused and nothing is stored")
    func forged() async throws {
        let (storage, url) = try Self.storage()
        defer { try? FileManager.default.removeItem(at: url) }
        let entry = try SafeMessageEntry(SafeMessage(safe: Self.safe, chainID: 5, version: .v1_4_1, content: .text("hi")), proposer: nil, at: Date())
        let forged = SafeMessageEntry(messageHash: [UInt8](repeating: 7, count: 32), chainID: 5, safe: Self.safe, version: .v1_4_1, kind: .text,
                                      message: "hi", createdAt: Date(), updatedAt: Date())
        await #expect(throws: StorageError.self) { try await storage.save(forged) }
        let elsewhere = try SafeSignature.sign(safeTxHash: [UInt8](repeating: 1, count: 32), with: Self.owner)
        await #expect(throws: StorageError.self) { try await storage.save(entry.adding([elsewhere], at: Date())) }
        #expect(try await storage.message(messageHash: entry.messageHash) == nil)
    }
}
