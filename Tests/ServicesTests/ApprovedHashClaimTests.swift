import BigInt
import Foundation
import Networking
import Services
import Storage
import Testing

/// Issue 15: a file whose only signature is `r = owner, s = 0, v = 1` imported as that owner's
/// confirmation, with no secret needed. A v = 1 entry is a claim now: it counts only when the
/// Safe's `approvedHashes(owner, hash)` says so, and a real signature replaces it.
@Suite("Approved-hash claims")
struct ApprovedHashClaimTests {
    typealias Base = SafeOfflineTests

    /// The fixture's mock node on the Safe's chain, answering `approvedHashes` with `approved`.
    static func onChain(_ f: Base.Fixture, approved: Bool, chainID: BigUInt = Base.chainID) async throws -> ChainSelection {
        f.network.clearFaults()
        f.network.register(method: "eth_chainId", result: .string("0x" + String(chainID, radix: 16)))
        f.network.register(method: "eth_call") { _ in .result(.string("0x" + String(repeating: "0", count: 63) + (approved ? "1" : "0"))) }
        _ = try await f.services.dispatcher.dispatch(AddNetwork(name: "node", rpcURL: "http://127.0.0.1:8545", chainID: chainID, deployments: nil))
        return ChainSelection(networkName: "node")
    }

    static func forgedFile(_ f: Base.Fixture) throws -> String {
        try SafeTransactionFile(transaction: f.entry.transaction, signatures: [.approvedHash(by: Base.keys[0].address)]).json
    }

    @Test("offline, a forged approved-hash file imports no confirmation: it is set aside as unverifiable")
    func forgedOffline() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        // When the forged file is imported with no node to ask
        let r = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: try Self.forgedFile(f), chain: ChainSelection()))
        // Then nothing counts and the claim is reported
        #expect(r.count.confirmed == 0 && r.added.isEmpty)
        #expect(r.setAside.map(\.owner) == [Base.keys[0].address])
        guard case .unverifiable? = r.setAside.first?.reason else { Issue.record("expected unverifiable, got \(r.setAside)"); return }
        #expect(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash)?.signatures.isEmpty == true)
    }

    @Test("with a node, an approval the Safe never recorded is refused, and a recorded one counts")
    func checkedOnChain() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let refused = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: try Self.forgedFile(f), chain: try await Self.onChain(f, approved: false)))
        #expect(refused.count.confirmed == 0 && refused.setAside == [SetAsideApproval(owner: Base.keys[0].address, reason: .notApprovedOnChain)])

        let g = try await Base.fixture()
        defer { g.cleanUp() }
        let counted = try await g.services.dispatcher.dispatch(ImportSafeTransaction(json: try Self.forgedFile(g), chain: try await Self.onChain(g, approved: true)))
        #expect(counted.count.confirmed == 1 && counted.setAside.isEmpty && counted.added == [Base.keys[0].address])
    }

    @Test("a node on another chain cannot vouch for an approval")
    func otherChainNode() async throws {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        let selection = try await Self.onChain(f, approved: true, chainID: 1)
        let r = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: try Self.forgedFile(f), chain: selection))
        #expect(r.count.confirmed == 0 && r.setAside.map(\.owner) == [Base.keys[0].address])
    }

    @Test("a real signature by the same owner replaces a stored approved-hash entry, by signing or by import")
    func realSignatureReplaces() async throws {
        for byImport in [false, true] {
            // Given an approved-hash entry for owner 0 already stored, as an older release kept forged ones
            let f = try await Base.fixture()
            defer { f.cleanUp() }
            try await f.storage.save(f.entry.with(signatures: [.approvedHash(by: Base.keys[0].address)], updatedAt: Date()))
            // When owner 0's real signature arrives
            if byImport {
                let real = try SafeSignature.sign(safeTxHash: f.entry.safeTxHash, with: Base.keys[0])
                let file = try SafeTransactionFile(transaction: f.entry.transaction, signatures: [real])
                let r = try await f.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
                #expect(r.added == [Base.keys[0].address])
            } else {
                _ = try await f.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: f.entry.safeTxHash, keyName: "owner0", password: { "pw" }))
            }
            // Then the stored entry is the real signature
            let stored = try #require(try await f.storage.transaction(safeTxHash: f.entry.safeTxHash))
            #expect(stored.signatures.map(\.kind) == [.ecdsa], "by import: \(byImport)")
        }
    }
}
