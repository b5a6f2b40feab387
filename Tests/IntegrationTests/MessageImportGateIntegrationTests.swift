import BigInt
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// Issue 38, finding 2: a message file's confirmations pass the same gate as a transaction
    /// file's. A forged claim for a child Safe this home does not follow, or an unapproved hash, is
    /// asked of the chain and set aside; the child's real signature counts, and the Safe accepts it.
    @Suite("Integration: message imports pass the signature gate")
    struct MessageImportGateIntegrationTests {
        let devnet = Devnet.shared!

        @Test("forged child and approved-hash claims in a message file are refused by the chain; the child's real contract signature counts and verifies",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func forgedThenReal(version: SafeVersion) async throws {
            // Given a 2-of-2 parent owned by a key and a 2-of-2 child Safe, in a home that follows only the parent
            let deployer = try await TestWallet(devnet: devnet), home = try await TestWallet(devnet: devnet)
            defer { deployer.remove(); home.remove() }
            let eoa = try await home.importDevKey(devnet, index: 1, name: "eoa")
            _ = try await deployer.importDevKey(devnet, index: 1, name: "eoa")
            func deploy(_ owners: [Address]) async throws -> Address {
                try await deployer.services.dispatcher.dispatch(DeploySafe(
                    keyName: "eoa", owners: owners, threshold: 2, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)), version: version,
                    chain: deployer.chain, wait: true, password: { "pw" })).safe
            }
            let child = try await deploy([devnet.accounts[2].address, devnet.accounts[3].address])
            let parent = try await deploy([eoa, child])
            let d = home.services.dispatcher
            _ = try await d.dispatch(AddSafe(address: parent, name: "parent", chain: home.chain))
            let proposed = try await d.dispatch(ProposeSafeMessage(safe: parent, content: .text("payroll policy \(UUID().uuidString)"), keyName: "eoa",
                                                                   password: { "pw" }))
            let message = try proposed.entry.safeMessage()

            // When a file claims the child's and a stranger-approved confirmation without them
            let junk = try SafeSignature.sign(safeTxHash: try message.hash(), with: devnet.accounts[4].key).bytes
            for forged in [SafeSignature.contract(owner: child, data: junk), .approvedHash(by: child)] {
                let file = try SafeMessageFile(message: message, signatures: [forged])
                let imported = try await d.dispatch(ImportSafeMessage(json: file.json, chain: home.chain))
                // Then the chain refuses it, and the message stays at one of two
                #expect(imported.detail.count.confirmed == 1 && imported.detail.finalSignature == nil, "\(version) \(forged.kind)")
                #expect(imported.setAside.map(\.owner) == [child])
                #expect(imported.setAside.first.map { $0.reason == .contractRefused || $0.reason == .notApprovedOnChain } == true, "\(imported.setAside)")
            }

            // When the child's two owners sign its SafeMessage of what the parent asks, and the file comes in
            let childHash = try message.childMessageHash(child: child, childVersion: version)
            let inner = try [devnet.accounts[2], devnet.accounts[3]].map { try SafeSignature.sign(safeTxHash: childHash, with: $0.key) }
            let real = SafeSignature.contract(owner: child, data: SafeSignature.pack(inner))
            let imported = try await d.dispatch(ImportSafeMessage(json: try SafeMessageFile(message: message, signatures: [real]).json, chain: home.chain))
            // Then it counts, and the parent accepts the final signature on chain
            #expect(imported.setAside.isEmpty && imported.detail.count.isReady && imported.detail.finalSignature != nil, "\(imported.setAside)")
            let verdict = try await d.dispatch(VerifySafeMessage(messageHash: proposed.entry.messageHash, chain: home.chain))
            #expect(verdict.valid, "\(verdict.reason ?? "")")
        }
    }
}
