import BigInt
import CoSigningStorage
import CoSigningTestSupport
import EthereumKit
import Foundation
import SafeKit
import Storage
import Testing

/// `bifrost serve` answers many clients at once: 32 owners confirming one transaction together
/// must leave 32 confirmations, none lost and none twice, on every backend.
@Suite("Co-signing storage under concurrent clients (every backend)")
struct CoSigningConcurrencyTests {
    typealias Shared = CoSigningStorageTests

    /// 32 distinct throwaway keys: the scalars 1…32.
    static let owners = (1...32).map { try! PrivateKey(hex: String(repeating: "0", count: 62) + String(format: "%02x", $0)) }

    @Test("32 clients proposing and confirming the same transaction at once store it once, with each owner's confirmation once",
          arguments: CoSigningBackend.available)
    func confirmTogether(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let tx = Shared.tx(nonce: 0), hash = try tx.hash()
        let signatures = try Self.owners.map { try SafeSignature.sign(safeTxHash: hash, with: $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, signature) in signatures.enumerated() {
                group.addTask {
                    let at = Shared.t0.addingTimeInterval(Double(i))
                    _ = try await storage.save(tx, safeTxHash: hash, proposer: Self.owners[0].address, origin: nil, confirmations: [], at: Shared.t0)
                    // Every client also replays the first owner's confirmation, as retrying clients do.
                    _ = try await storage.confirm(hash, with: [signature, signatures[0]], at: at)
                    _ = try await storage.confirm(hash, with: [signature], at: at)
                }
            }
            try await group.waitForAll()
        }
        let stored = try #require(try await storage.transaction(hash))
        #expect(stored.storedSignatures.count == 32)
        #expect(Set(stored.storedSignatures.map(\.signature.owner)) == Set(Self.owners.map(\.address)))
        let list = try await storage.transactions(ServedTransactionQuery(chainID: 31337, safe: Shared.safe))
        #expect(list.count == 1 && list.page == [stored])
    }

    @Test("64 proposals at once, one of them with a hash its fields do not give: that one fails alone, the other 63 are stored and announced",
          arguments: CoSigningBackend.available)
    func badWriteFailsAlone(_ backend: CoSigningBackend) async throws {
        let storage = try await backend.makeStorage()
        let proposer = Self.owners[0]
        let outcomes = try await withThrowingTaskGroup(of: (BigUInt, Bool).self) { group in
            for nonce in 0..<64 {
                group.addTask {
                    let tx = Shared.tx(nonce: BigUInt(nonce)), hash = try tx.hash()
                    let signature = try SafeSignature.sign(safeTxHash: hash, with: proposer)
                    // Nonce 17 states another transaction's hash: the storage's own check refuses it.
                    let stated = nonce == 17 ? try Shared.tx(nonce: 999).hash() : hash
                    do {
                        _ = try await storage.save(tx, safeTxHash: stated, proposer: proposer.address, origin: nil, confirmations: [signature],
                                                   at: Shared.t0)
                        return (BigUInt(nonce), true)
                    } catch {
                        return (BigUInt(nonce), false)
                    }
                }
            }
            return try await group.reduce(into: [BigUInt: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.filter { !$0.value }.map(\.key) == [17])
        let list = try await storage.transactions(ServedTransactionQuery(chainID: 31337, safe: Shared.safe, limit: 100))
        #expect(list.count == 63 && !list.page.contains { $0.transaction.nonce == 17 })
        #expect(list.page.allSatisfy { $0.storedSignatures.map(\.signature.owner) == [proposer.address] })
        let events = try await storage.events(after: 0, limit: 1000)
        #expect(events.filter { $0.kind == .pendingMultisigTransaction }.count == 63)
        #expect(events.filter { $0.kind == .newConfirmation }.count == 63)
    }
}
