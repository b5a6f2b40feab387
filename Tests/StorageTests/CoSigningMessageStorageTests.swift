import BigInt
import CoSigningTestSupport
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

/// The Safe messages `bifrost serve` keeps: each message once, each owner's signature once, listed
/// newest first and paged, with the Safe app and origin the client gave, on every backend.
@Suite("Co-signing storage: Safe messages (every backend)")
struct CoSigningMessageStorageTests {
    static let keys = CoSigningStorageTests.keys
    static let safe = CoSigningStorageTests.safe
    static let t0 = CoSigningStorageTests.t0

    static func entry(_ text: String, at time: Date = t0, appID: Int? = 7, origin: String? = "https://app.example") throws -> SafeMessageEntry {
        try SafeMessageEntry(SafeMessage(safe: safe, chainID: 31337, version: .v1_4_1, content: .text(text)), proposer: keys[0].address,
                             safeAppID: appID, origin: origin, at: time)
    }

    @Test("saving again and signing again change nothing; a second owner's signature is added and modifies the message",
          arguments: CoSigningBackend.available)
    func idempotent(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let blank = try Self.entry("Sign in to app.example")
        let first = try SafeSignature.sign(safeTxHash: blank.messageHash, with: Self.keys[0])
        let saved = try await storage.saveMessage(blank.adding([first], at: Self.t0))
        #expect(saved.signatures == [first] && saved.safeAppID == 7 && saved.origin == "https://app.example" && saved.proposer == Self.keys[0].address)
        let later = try Self.entry("Sign in to app.example", at: Self.t0.addingTimeInterval(5), appID: nil, origin: nil)
        let again = try await storage.saveMessage(later.adding([first], at: later.createdAt))
        #expect(again == saved)
        let second = try SafeSignature.sign(safeTxHash: blank.messageHash, with: Self.keys[1])
        let signed = try #require(try await storage.confirmMessage(blank.messageHash, with: [second], at: Self.t0.addingTimeInterval(10)))
        #expect(signed.signatures == [first, second] && signed.updatedAt == Self.t0.addingTimeInterval(10) && signed.createdAt == Self.t0)
        #expect(try await storage.confirmMessage(blank.messageHash, with: [second, first], at: Self.t0.addingTimeInterval(20)) == signed)
        #expect(try await storage.message(blank.messageHash) == signed)
        #expect(try await storage.confirmMessage([UInt8](repeating: 7, count: 32), with: [second], at: Self.t0) == nil)
    }

    @Test("a later write fills only what the first left empty: the proposer, Safe app and origin given first stand", arguments: CoSigningBackend.available)
    func provenance(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let bare = try SafeMessageEntry(SafeMessage(safe: Self.safe, chainID: 31337, version: .v1_4_1, content: .text("Vote: yes")), proposer: nil,
                                        at: Self.t0)
        let saved = try await storage.saveMessage(bare)
        #expect(saved.proposer == nil && saved.safeAppID == nil && saved.origin == nil)
        let filled = try await storage.saveMessage(try Self.entry("Vote: yes", at: Self.t0.addingTimeInterval(5)))
        #expect(filled.proposer == Self.keys[0].address && filled.safeAppID == 7 && filled.origin == "https://app.example" && filled.createdAt == Self.t0)
        let other = try SafeMessageEntry(SafeMessage(safe: Self.safe, chainID: 31337, version: .v1_4_1, content: .text("Vote: yes")),
                                         proposer: Self.keys[1].address, safeAppID: 9, origin: "https://other.example", at: Self.t0.addingTimeInterval(9))
        #expect(try await storage.saveMessage(other) == filled, "what was given first stands")
        #expect(try await storage.message(bare.messageHash) == filled)
    }

    @Test("a message that does not hash to its key, or a signature over another hash, is refused", arguments: CoSigningBackend.available)
    func checked(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let good = try Self.entry("hello")
        let forged = SafeMessageEntry(messageHash: [UInt8](repeating: 9, count: 32), chainID: 31337, safe: Self.safe, version: .v1_4_1, kind: .text,
                                      message: "hello", createdAt: Self.t0, updatedAt: Self.t0)
        await #expect(throws: StorageError.self) { _ = try await storage.saveMessage(forged) }
        let elsewhere = try SafeSignature.sign(safeTxHash: [UInt8](repeating: 1, count: 32), with: Self.keys[0])
        let misattributed = try SafeSignature(owner: Self.keys[0].address, stored: elsewhere.bytes)
        await #expect(throws: StorageError.self) { _ = try await storage.saveMessage(good.adding([misattributed], at: Self.t0)) }
        #expect(try await storage.message(good.messageHash) == nil)
    }

    @Test("listed per Safe, newest first, paged with the total; typed data comes back as given", arguments: CoSigningBackend.available)
    func listed(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        var hashes: [[UInt8]] = []
        for i in 0..<5 {
            let e = try Self.entry("message \(i)", at: Self.t0.addingTimeInterval(Double(i)))
            hashes.append(try await storage.saveMessage(e).messageHash)
        }
        let json = #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Vote":[{"name":"choice","type":"uint256"}]},"primaryType":"Vote","domain":{"name":"DAO"},"message":{"choice":"2"}}"#
        let other = try SafeMessageEntry(SafeMessage(safe: Self.keys[2].address, chainID: 31337, version: .v1_3_0, content: try .typedData(json: json)),
                                         proposer: nil, at: Self.t0)
        let typed = try await storage.saveMessage(other)
        #expect(typed.kind == .typedData && typed.message == json && typed.version == .v1_3_0 && typed.proposer == nil)
        let (count, page) = try await storage.messages(chainID: 31337, safe: Self.safe, limit: 2, offset: 1)
        #expect(count == 5 && page.map(\.messageHash) == [hashes[3], hashes[2]])
        #expect(try await storage.messages(chainID: 1, safe: Self.safe, limit: 10, offset: 0).count == 0)
        #expect(try await storage.messages(chainID: 31337, safe: Self.keys[2].address, limit: 10, offset: 0).page == [typed])
    }
}
