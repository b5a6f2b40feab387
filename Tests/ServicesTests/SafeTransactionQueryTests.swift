import Foundation
import Services
import Storage
import Testing

/// The detail of one stored Safe transaction, offline: what a detail screen shows.
@Suite("Safe transaction detail")
struct SafeTransactionQueryTests {
    typealias Base = SafeOfflineTests

    @Test("one owner signed: 1 of 2, the other missing, and the hashes SafeKit computes; an unknown hash is a typed error")
    func detail() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: "owner1", password: { "pw" }))
        let d = try await f.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: f.entry.safeTxHash))
        #expect(d.entry.safeTxHash == f.entry.safeTxHash && d.safe.address == Base.safeAddress)
        #expect(d.confirmations.confirmed == 1 && d.confirmations.missing == [Base.keys[0].address] && !d.confirmations.isReady)
        let domain = try Hex.encode(f.entry.transaction.domainSeparator()), message = try Hex.encode(f.entry.transaction.structHash)
        #expect(d.hashes.domainSeparator == domain && d.hashes.structHash == message && d.hashes.safeTxHash == Hex.encode(f.entry.safeTxHash))
        #expect(d.view.standing == "1 of 2 confirmed" && d.view.missing == [Base.keys[0].address.checksummed])
        #expect(f.network.roundTrips == 0)
        let unknown = [UInt8](repeating: 7, count: 32)
        await #expect(throws: SafeError.unknownTransaction(Hex.encode(unknown))) {
            try await f.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: unknown))
        }
    }
}
