import BigInt
import Foundation
import Networking
import Services
import Testing

/// Issue 11: after an owner is swapped out, `safe queue` said a transaction was ready while
/// `safe execute` refused it. Both now count with `ConfirmationCount`: current owners only.
@Suite("Queue and execution agree after an owner swap")
struct OwnerSwapAgreementTests {
    typealias Base = SafeOfflineTests

    @Test("signed by owners 0 and 1, then 1 is swapped for 2: the queue says 1 of 2, and execution refuses with 1 of 2")
    func swappedOwner() async throws {
        // Given: a 2-of-2 Safe (keys 0 and 1) and a transaction both signed offline
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        for key in ["owner0", "owner1"] {
            _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: key, password: { "pw" }))
        }
        // When: the chain now has owners 0 and 2 (1 was swapped out), still threshold 2, at the transaction's nonce
        let chain = try await SafeReaderTests.node(f, owners: [Base.keys[0].address, Base.keys[2].address], nonce: 3)
        let queue = try await f.services.dispatcher.dispatch(SafeQueueQuery(safe: Base.safeAddress, chain: chain))

        // Then: the queue counts one current owner of two, in its view too
        #expect(queue.live && queue.safe.owners == [Base.keys[0].address, Base.keys[2].address])
        let entry = try #require(queue.entries.first { $0.safeTxHash == f.entry.safeTxHash })
        #expect(entry.signatures.count == 2)
        let count = queue.confirmations(of: entry)
        #expect(count.confirmed == 1 && !count.isReady && count.missing == [Base.keys[2].address])
        let view = try JSONValueEncoder().encode(SafeTransactionView(entry, count: count))
        #expect(view["confirmations"] == .number("1") && view["threshold"] == .number("2"))

        // And execution by the swapped-out owner refuses for the same reason, before anything is sent
        await #expect(throws: SafeError.notEnoughSignatures(have: 1, need: 2, missing: [Base.keys[2].address])) {
            try await f.services.dispatcher.dispatch(ExecuteSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: "owner1", chain: chain,
                                                                            wait: false, password: { "pw" }))
        }
        #expect(!f.network.requests.contains { $0.bodyText.contains("eth_sendRawTransaction") })
    }
}
