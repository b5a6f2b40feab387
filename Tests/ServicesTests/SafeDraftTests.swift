import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// A draft is a Safe transaction built and reviewed before anyone proposes it: stored nowhere
/// until it is proposed, then stored exactly as reviewed.
@Suite("Safe transaction drafts")
struct SafeDraftTests {
    typealias Base = SafeOfflineTests

    static func queue(_ f: Base.Fixture) async throws -> [BigUInt] {
        try await f.storage.transactions(chainID: Base.chainID, safe: Base.safeAddress).map(\.transaction.nonce)
    }

    static func draft(_ f: Base.Fixture, nonce: BigUInt? = nil) async throws -> SafeTransactionDraft {
        let chain = ChainSelection(networkName: "node")
        return try await f.services.dispatcher.dispatch(DraftSafeTransaction(
            safe: Base.safeAddress, intent: .call(to: Base.keys[2].address, value: 7, data: [], operation: .call), nonce: nonce, chain: chain))
    }

    @Test("drafting and reviewing thirteen times stores nothing: the queue keeps its one transaction, each draft takes the same next nonce")
    func draftStoresNothing() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        _ = try await SafeStoreFlowTests.node(f)
        var hashes = Set<[UInt8]>()
        for _ in 0..<13 {
            let draft = try await Self.draft(f)
            #expect(draft.transaction.nonce == 4 && draft.transaction.value == 7)
            #expect(draft.safeTxHash == (try draft.transaction.hash()))
            _ = try await f.services.dispatcher.dispatch(ReviewSafeTransaction(draft: draft, chain: ChainSelection(networkName: "node")))
            hashes.insert(draft.safeTxHash)
        }
        #expect(hashes.count == 1)
        #expect(try await Self.queue(f) == [3])
    }

    @Test("a draft's review treats it as not yet queued: at the queued transaction's nonce it names the conflict, at the next nonce it does not")
    func draftReviewRisks() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        _ = try await SafeStoreFlowTests.node(f)
        let replacing = try await Self.draft(f, nonce: 3)
        let review = try await f.services.dispatcher.dispatch(ReviewSafeTransaction(draft: replacing, chain: ChainSelection(networkName: "node")))
        #expect(review.risks.contains { $0.name == "nonce-taken" })
        let next = try await Self.draft(f)
        let clean = try await f.services.dispatcher.dispatch(ReviewSafeTransaction(draft: next, chain: ChainSelection(networkName: "node")))
        #expect(!clean.risks.contains { $0.name == "nonce-taken" })
        #expect(try await Self.queue(f) == [3])
    }

    @Test("proposing a draft: a wrong password or a key that is no owner stores nothing; a right one stores it signed, as reviewed; unsigned stores it without a signature")
    func proposeDraft() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        _ = try await SafeStoreFlowTests.node(f)
        let draft = try await Self.draft(f)
        await #expect(throws: KeystoreFileError.wrongPassword) {
            try await f.services.dispatcher.dispatch(ProposeSafeTransactionDraft(draft, keyName: "owner0", password: { "wrong" }))
        }
        let outsider = await #expect(throws: SafeError.self) {
            try await f.services.dispatcher.dispatch(ProposeSafeTransactionDraft(draft, keyName: "outsider", password: { "pw" }))
        }
        guard case .notAnOwner? = outsider else {
            Issue.record("a key that is no owner is refused as notAnOwner, not \(String(describing: outsider))")
            return
        }
        #expect(try await Self.queue(f) == [3])
        let signed = try await f.services.dispatcher.dispatch(ProposeSafeTransactionDraft(draft, keyName: "owner0", password: { "pw" }))
        #expect(signed.entry.safeTxHash == draft.safeTxHash && signed.entry.transaction == draft.transaction && signed.entry.summary == draft.summary)
        #expect(signed.count.confirmed == 1 && signed.signature?.owner == Base.keys[0].address)
        #expect(try await Self.queue(f) == [3, 4])

        let other = try await Self.draft(f, nonce: 5)
        let unsigned = try await f.services.dispatcher.dispatch(ProposeSafeTransactionDraft(other))
        #expect(unsigned.count.confirmed == 0 && unsigned.signature == nil && unsigned.entry.signatures.isEmpty)
        #expect(try await Self.queue(f) == [3, 4, 5])
    }

    @Test("the compose context: the next nonce after the queue, a warning for a queued, a used or a gapped nonce, the valid thresholds per kind")
    func composeContext() throws {
        let f = Base.keys.prefix(3).map(\.address)
        let safe = Safe(chainID: Base.chainID, address: Base.safeAddress, name: nil, version: "1.4.1", owners: f, threshold: 2, nonce: 3,
                        modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date())
        let tx = SafeTx(safe: Base.safeAddress, chainID: Base.chainID, version: .v1_4_1, to: f[2], value: 5, nonce: 3)
        let queued = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                          summary: "pay rent", createdAt: Date(), updatedAt: Date())
        let context = SafeComposeContext(safe: safe, balance: EtherAmount(wei: 0), tokens: [], queued: [queued], addressBook: [])
        #expect(context.nextNonce == 4)
        #expect(context.nonceWarning(4) == nil)
        #expect(context.nonceWarning(3)?.contains("replaces the queued “pay rent”") == true)
        #expect(context.nonceWarning(2)?.contains("is used") == true)
        #expect(context.nonceWarning(9)?.contains("gap") == true)
        #expect(context.thresholds(for: .threshold) == [1, 2, 3])
        #expect(context.thresholds(for: .addOwner) == [1, 2, 3, 4])
        #expect(context.thresholds(for: .removeOwner) == [1, 2])
        #expect(context.suggestions == f)
        // A new Safe with nothing queued: any later nonce leaves a gap after nonce 0, and saying so must not trap.
        let fresh = Safe(chainID: Base.chainID, address: Base.safeAddress, name: nil, version: "1.4.1", owners: f, threshold: 2, nonce: 0,
                         modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date())
        let empty = SafeComposeContext(safe: fresh, balance: EtherAmount(wei: 0), tokens: [], queued: [], addressBook: [])
        #expect(empty.nextNonce == 0 && empty.nonceWarning(0) == nil)
        #expect(empty.nonceWarning(1) == "nonce 1 leaves a gap: nonce 0 must be used first, so it cannot run until then")
    }
}
