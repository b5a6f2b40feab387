import BigInt
import CoSigningStorage
import CoSigningTestSupport
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

/// The events `bifrost serve` announces are written by the writes themselves, once per change,
/// and wait in each webhook's outbox until delivered, on every backend.
@Suite("Co-signing storage: events and the webhooks' outbox (every backend)")
struct CoSigningEventStorageTests {
    static let keys = CoSigningStorageTests.keys
    static let safe = CoSigningStorageTests.safe
    static let t0 = CoSigningStorageTests.t0

    /// Each event as (type, owner or nil), the way a receiver tells them apart.
    static func summary(_ events: [ServedEvent]) -> [String] {
        events.map { [$0.kind.rawValue, $0.owner?.checksummed].compactMap { $0 }.joined(separator: " ") }
    }

    @Test("the tokens every served Safe moved, for the tokens list: each once, by address, per chain; one Safe's alone as before",
          arguments: CoSigningBackend.available)
    func tokensOfEverySafe(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let other = try Address("0x00000000000000000000000000000000000005b0")
        let coin = try Address("0x00000000000000000000000000000000000c0117"), second = try Address("0x00000000000000000000000000000000000c0118")
        try await storage.appendEvents([
            ServedEvent(.outgoingToken, chainID: 31337, safe: Self.safe, token: coin, value: 3, at: Self.t0),
            ServedEvent(.incomingToken, chainID: 31337, safe: other, token: second, value: 1, at: Self.t0),
            ServedEvent(.incomingToken, chainID: 31337, safe: other, token: coin, value: 1, at: Self.t0),
            ServedEvent(.incomingToken, chainID: 1, safe: other, token: Self.safe, value: 1, at: Self.t0),
        ])
        #expect(try await storage.tokensMoved(chainID: 31337, safe: nil) == [coin, second])
        #expect(try await storage.tokensMoved(chainID: 31337, safe: Self.safe) == [coin])
        #expect(try await storage.tokensMoved(chainID: 1, safe: nil) == [Self.safe])
        #expect(try await storage.tokensMoved(chainID: 5, safe: nil).isEmpty)
    }

    @Test("the 2-of-3 story announces each change once: pending, each new confirmation, executed, deleted, messages; repeats announce nothing",
          arguments: CoSigningBackend.available)
    func storyEvents(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let tx = CoSigningStorageTests.tx(nonce: 0), hash = try tx.hash()
        let a = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0]), b = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[1])
        _ = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[0].address, origin: nil, confirmations: [a], at: Self.t0)
        _ = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[0].address, origin: nil, confirmations: [a], at: Self.t0)
        _ = try await storage.confirm(hash, with: [b, a], at: Self.t0)
        _ = try await storage.confirm(hash, with: [b], at: Self.t0)
        let executedBy = [UInt8](repeating: 0xee, count: 32)
        #expect(try await storage.markExecuted(hash, transactionHash: executedBy, block: 7, successful: true, at: Self.t0))
        #expect(try await !storage.markExecuted(hash, transactionHash: executedBy, block: 7, successful: true, at: Self.t0))
        let other = CoSigningStorageTests.tx(nonce: 1), otherHash = try other.hash()
        _ = try await storage.save(other, safeTxHash: otherHash, proposer: Self.keys[2].address, origin: nil, confirmations: [], at: Self.t0)
        #expect(try await storage.delete(otherHash, at: Self.t0))
        #expect(try await !storage.delete(otherHash, at: Self.t0))

        let message = try SafeMessageEntry(SafeMessage(safe: Self.safe, chainID: 31337, version: .v1_4_1, content: .text("hello")),
                                           proposer: Self.keys[0].address, at: Self.t0)
        let m0 = try SafeSignature.sign(safeTxHash: message.messageHash, with: Self.keys[0])
        let m1 = try SafeSignature.sign(safeTxHash: message.messageHash, with: Self.keys[1])
        _ = try await storage.saveMessage(message.adding([m0], at: Self.t0))
        _ = try await storage.saveMessage(message.adding([m0], at: Self.t0))
        _ = try await storage.confirmMessage(message.messageHash, with: [m1, m0], at: Self.t0)

        let events = try await storage.events(after: 0, limit: 100)
        let k = Self.keys.map(\.address.checksummed)
        #expect(Self.summary(events) == [
            "PENDING_MULTISIG_TRANSACTION", "NEW_CONFIRMATION \(k[0])", "NEW_CONFIRMATION \(k[1])", "EXECUTED_MULTISIG_TRANSACTION",
            "PENDING_MULTISIG_TRANSACTION", "DELETED_MULTISIG_TRANSACTION",
            "MESSAGE_CREATED", "MESSAGE_CONFIRMATION \(k[0])", "MESSAGE_CONFIRMATION \(k[1])",
        ])
        #expect(events.allSatisfy { $0.safe == Self.safe && $0.chainID == 31337 })
        #expect(events.map(\.id) == events.map(\.id).sorted() && Set(events.map(\.id)).count == events.count)
        let executed = try #require(events.first { $0.kind == .executedMultisigTransaction })
        #expect(executed.hash == hash && executed.transactionHash == executedBy && executed.failed == false)
        #expect(events[5].hash == otherHash && events[6].hash == message.messageHash)
        #expect(try await storage.events(after: events[3].id, limit: 2).map(\.id) == [events[4].id, events[5].id])
        #expect(try await storage.latestEventID() == events.last?.id)
    }

    @Test("chain events are kept once per dedup key; each is queued for every webhook until delivered, in order, failures counted",
          arguments: CoSigningBackend.available)
    func outbox(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        #expect(try await storage.latestEventID() == 0)
        try await storage.setWebhooks(["https://a.example/hook", "https://b.example/hook"])
        let received = ServedEvent(.incomingEther, chainID: 31337, safe: Self.safe, transactionHash: [UInt8](repeating: 1, count: 32),
                                   value: 5_000_000_000_000_000_000, dedupKey: "0x01:7:in", at: Self.t0)
        let token = ServedEvent(.incomingToken, chainID: 31337, safe: Self.safe, transactionHash: [UInt8](repeating: 2, count: 32),
                                token: Self.keys[2].address, tokenID: 42, dedupKey: "0x02:1:in", at: Self.t0)
        #expect(try await storage.appendEvents([received, token]) == 2)
        #expect(try await storage.appendEvents([received]) == 0, "the same log read again is kept once")
        let stored = try await storage.events(after: 0, limit: 10)
        #expect(stored.count == 2 && stored[0].value == 5_000_000_000_000_000_000 && stored[1].tokenID == 42 && stored[1].token == Self.keys[2].address)
        #expect(try await storage.outboxDepth() == 4)
        let coin = try Address("0x00000000000000000000000000000000000c0117")
        #expect(try await storage.tokensMoved(chainID: 31337, safe: Self.safe).isEmpty, "an ERC-721 movement is no balance line")
        try await storage.appendEvents([ServedEvent(.outgoingToken, chainID: 31337, safe: Self.safe, token: coin, value: 3, at: Self.t0)])
        #expect(try await storage.tokensMoved(chainID: 31337, safe: Self.safe) == [coin])
        #expect(try await storage.tokensMoved(chainID: 1, safe: Self.safe).isEmpty)
        try await storage.delivered(eventID: try await storage.latestEventID(), webhook: "https://a.example/hook")
        try await storage.delivered(eventID: try await storage.latestEventID(), webhook: "https://b.example/hook")

        let pending = try await storage.pendingDeliveries(webhook: "https://a.example/hook", limit: 10)
        #expect(pending.map(\.event.id) == stored.map(\.id) && pending.allSatisfy { $0.attempts == 0 })
        _ = try await storage.deliveryFailed(eventID: stored[0].id, webhook: "https://a.example/hook", at: Self.t0)
        _ = try await storage.deliveryFailed(eventID: stored[0].id, webhook: "https://a.example/hook", at: Self.t0)
        try await storage.delivered(eventID: stored[1].id, webhook: "https://a.example/hook")
        let left = try await storage.pendingDeliveries(webhook: "https://a.example/hook", limit: 10)
        #expect(left.map(\.event.id) == [stored[0].id] && left[0].attempts == 2)
        #expect(try await storage.pendingDeliveries(webhook: "https://b.example/hook", limit: 1).map(\.event.id) == [stored[0].id])

        try await storage.setWebhooks(["https://a.example/hook"])
        #expect(try await storage.outboxDepth() == 1, "a webhook no longer configured loses its queue")
        try await storage.delivered(eventID: stored[0].id, webhook: "https://a.example/hook")
        #expect(try await storage.outboxDepth() == 0)
    }

    @Test("a webhook's first failure is kept until a delivery; its queue moves to the dead letters whole, out of the depth; events queued after wait",
          arguments: CoSigningBackend.available)
    func deadLetters(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let (up, down) = ("https://up.example/in", "https://down.example/in")
        try await storage.setWebhooks([up, down])
        let events = (0..<5).map { ServedEvent(.outgoingEther, chainID: 137, safe: Self.safe, value: BigUInt($0 + 1), dedupKey: "out:\($0)", at: Self.t0) }
        #expect(try await storage.appendEvents(events) == 5)
        let ids = try await storage.events(after: 0, limit: 10).map(\.id)
        let t1 = Self.t0.addingTimeInterval(17), t2 = Self.t0.addingTimeInterval(9_000)
        #expect(try await storage.deliveryFailed(eventID: ids[0], webhook: down, at: t1) == t1)
        #expect(try await storage.deliveryFailed(eventID: ids[0], webhook: down, at: t2) == t1, "failing since the first failure")
        #expect(try await storage.deliveryFailed(eventID: ids[0], webhook: up, at: t2) == t2)
        try await storage.delivered(eventID: ids[0], webhook: up)
        #expect(try await storage.deliveryFailed(eventID: ids[1], webhook: up, at: t2.addingTimeInterval(1)) == t2.addingTimeInterval(1),
                "a delivery taken ends the failing")

        #expect(try await storage.deadLetter(webhook: down, at: t2) == 5)
        #expect(try await storage.outboxDepth() == 4)
        #expect(try await storage.deadLetterCount() == 5)
        #expect(try await storage.pendingDeliveries(webhook: down, limit: 10).isEmpty)
        #expect(try await storage.deadLetter(webhook: down, at: t2) == 0, "nothing left to move")
        try await storage.appendEvents([ServedEvent(.incomingEther, chainID: 137, safe: Self.safe, value: 9, dedupKey: "in:9", at: Self.t0)])
        #expect(try await storage.pendingDeliveries(webhook: down, limit: 10).count == 1, "a new event is queued for it again")
        #expect(try await storage.deliveryFailed(eventID: ids[0], webhook: down, at: t2.addingTimeInterval(5)) == t1, "moving the queue does not end the failing")
        try await storage.setWebhooks([up])
        #expect(try await storage.deadLetterCount() == 0, "a webhook no longer configured loses its dead letters")
        #expect(try await storage.outboxDepth() == 5)
    }

    @Test("a rewind after a reorganisation: the dropped execution is pending again, replaced marks lifted, chain events may come again, REORG_DETECTED and PENDING announced",
          arguments: CoSigningBackend.available)
    func rewind(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let tx = CoSigningStorageTests.tx(nonce: 0), hash = try tx.hash(), rival = CoSigningStorageTests.tx(nonce: 0, value: 2)
        let a = try SafeSignature.sign(safeTxHash: hash, with: Self.keys[0])
        _ = try await storage.save(tx, safeTxHash: hash, proposer: Self.keys[0].address, origin: nil, confirmations: [a], at: Self.t0)
        _ = try await storage.save(rival, safeTxHash: try rival.hash(), proposer: Self.keys[0].address, origin: nil, confirmations: [], at: Self.t0)
        let executedBy = [UInt8](repeating: 0xee, count: 32)
        #expect(try await storage.markExecuted(hash, transactionHash: executedBy, block: 12, successful: true, at: Self.t0))
        #expect(try await storage.markReplaced(chainID: 31337, safe: Self.safe, below: 1, at: Self.t0) == 1)
        let incoming = ServedEvent(.incomingEther, chainID: 31337, safe: Self.safe, transactionHash: [UInt8](repeating: 3, count: 32), value: 9,
                                   block: 13, dedupKey: "31337:0x03:0:in", at: Self.t0)
        #expect(try await storage.appendEvents([incoming]) == 1)
        try await storage.rememberBlocks([(11, [UInt8](repeating: 11, count: 32)), (12, [UInt8](repeating: 12, count: 32)),
                                          (13, [UInt8](repeating: 13, count: 32))], chainID: 31337, keepingFrom: 12)
        #expect(try await storage.followedHashes(chainID: 31337).map(\.number) == [13, 12], "blocks before keepingFrom are forgotten")
        try await storage.setFollowedBlock(13, chainID: 31337)
        let before = try await storage.latestEventID()

        #expect(try await storage.rewind(chainID: 31337, after: 11, at: Self.t0.addingTimeInterval(60)) == [Self.safe])
        let back = try #require(try await storage.transaction(hash))
        #expect(back.executionHash == nil && back.status == .queued && back.signatures == [a])
        #expect(try await storage.transaction(try rival.hash())?.status == .queued, "the replaced mark is lifted for the follower to make again")
        #expect(try await storage.followedBlock(chainID: 31337) == 11)
        #expect(try await storage.followedHashes(chainID: 31337).isEmpty)
        let announced = try await storage.events(after: before, limit: 10)
        #expect(announced.map(\.kind) == [.reorgDetected, .pendingMultisigTransaction] && announced[0].block == 11 && announced[1].hash == hash)
        #expect(try await storage.appendEvents([incoming]) == 1, "the same log, read again in the chain that stands, is announced again")
        #expect(try await storage.rewind(chainID: 31337, after: 20, at: Self.t0).isEmpty, "nothing after block 20: nothing taken back")
    }
}
