@testable import BifrostCLI
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// A Safe that owns a Safe: the child confirms the parent's payment through EIP-1271 (its
    /// owners sign its SafeMessage, its fallback handler checks them) or through its own
    /// transaction calling `approveHash`; neither counts on anyone's word, only on the chain's.
    @Suite("Integration: Safes that own Safes on the local chain")
    struct NestedSafeIntegrationTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        /// A 2-of-2 parent owned by dev account 1 and a 2-of-2 child Safe owned by dev accounts 2
        /// and 3, all keys in one home, both Safes of `version`; the parent holds 1 ETH.
        struct Family {
            let wallet: TestWallet
            let parent: Address
            let child: Address
            let eoa: Address

            init(devnet: Devnet, version: SafeVersion) async throws {
                wallet = try await TestWallet(devnet: devnet)
                eoa = try await wallet.importDevKey(devnet, index: 1, name: "eoa")
                let c1 = try await wallet.importDevKey(devnet, index: 2, name: "child1")
                let c2 = try await wallet.importDevKey(devnet, index: 3, name: "child2")
                _ = try await wallet.importDevKey(devnet, index: 8, name: "relayer")
                let w = wallet
                child = try await Self.deploy([c1, c2], version: version, in: w)
                parent = try await Self.deploy([eoa, child], version: version, in: w)
                _ = try await w.services.dispatcher.dispatch(SendTransaction(
                    keyName: "eoa", transfer: .ether(to: parent, wei: NestedSafeIntegrationTests.ether), chain: w.chain, wait: true, password: { "pw" }))
            }

            static func deploy(_ owners: [Address], version: SafeVersion, in wallet: TestWallet) async throws -> Address {
                try await wallet.services.dispatcher.dispatch(DeploySafe(
                    keyName: "eoa", owners: owners, threshold: 2, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                    version: version, chain: wallet.chain, wait: true, password: { "pw" })).safe
            }

            /// Proposes a payment of `wei` from the parent to a fresh address.
            func proposePayment(_ wei: BigUInt) async throws -> (entry: SafeTransactionEntry, recipient: Address) {
                let recipient = PrivateKey.generate().address
                let entry = try await wallet.services.dispatcher.dispatch(ProposeSafeTransaction(
                    safe: parent, intent: .call(to: recipient, value: wei, data: [], operation: .call), chain: wallet.chain))
                return (entry, recipient)
            }

            func execute(_ hash: [UInt8], by key: String) async throws -> SafeExecutionResult {
                try await wallet.services.dispatcher.dispatch(ExecuteSafeTransaction(safeTxHash: hash, keyName: key, chain: wallet.chain,
                                                                                     wait: true, password: { "pw" }))
            }

            func balance(_ who: Address) async throws -> BigUInt {
                try await wallet.services.dispatcher.dispatch(FetchBalances(address: who, tokens: [], chain: wallet.chain)).ether.wei
            }
        }

        @Test("a Safe that owns the served Safe adds a delegate by EIP-1271: its owners sign its SafeMessage of the Delegate digest, and its isValidSignature decides; one owner's signature is not enough")
        func contractDelegator() async throws {
            let family = try await Family(devnet: devnet, version: .v1_4_1)
            let server = try await ServingCoSigner(try await family.wallet.services.serving(inMemory: true, chain: family.wallet.chain))
            defer { server.stop() }
            let delegate = PrivateKey.generate().address
            let digest = ServiceAuthorization.delegateDigest(delegate: delegate, chainID: devnet.chainID, totp: ServiceAuthorization.totp(at: Date()))
            // The child's fallback handler hashes abi.encode(digest) as a SafeMessage of the child.
            let childHash = try SafeMessage.hash(of: digest, safe: family.child, chainID: devnet.chainID, version: .v1_4_1)
            let owners = [devnet.accounts[2], devnet.accounts[3]].sorted { $0.address.checksummed.lowercased() < $1.address.checksummed.lowercased() }
            let both = try owners.flatMap { try SafeSignature.sign(safeTxHash: childHash, with: $0.key).bytes }
            func add(_ signature: [UInt8]) async throws -> (status: Int, json: JSONValue, headers: [String: String]) {
                try await server.send("POST", "/api/v2/delegates/", #"{"safe": "\#(family.parent.checksummed)", "delegate": "\#(delegate.checksummed)", "delegator": "\#(family.child.checksummed)", "signature": "\#(Hex.encode(signature))", "label": "treasury bot"}"#)
            }
            let one = try await add(Array(both.prefix(65)))
            #expect(one.status == 400 && one.json["nonFieldErrors"] != nil, "the child's threshold is 2: \(one.json)")
            let added = try await add(both)
            #expect(added.status == 201 && added.json["delegator"] == .string(family.child.checksummed), "\(added.json)")
            let listed = try await server.send("GET", "/api/v2/delegates/?delegator=\(family.child.checksummed)")
            #expect(listed.json["count"] == .number("1"))
        }

        @Test("EIP-1271: the child's owners sign its SafeMessage; one of two is refused on chain, both pay the parent's payment",
              arguments: SafeVersion.supported)
        func contractSignature(version: SafeVersion) async throws {
            let f = try await Family(devnet: devnet, version: version)
            defer { f.wallet.remove() }
            let d = f.wallet.services.dispatcher
            let info = try await d.dispatch(SafeInfoQuery(address: f.parent, chain: f.wallet.chain))
            #expect(info.contractOwners == [f.child], "safe info tells the owner Safe from the key")

            let (entry, recipient) = try await f.proposePayment(Self.ether / 10)
            _ = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "eoa", password: { "pw" }))
            let half = try await d.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: f.child, keyName: "child1", password: { "pw" }))
            #expect(half.signature?.kind == .contract && half.signature?.owner == f.child)
            // One of the child's two owners is not the child: its isValidSignature refuses, so nothing is sent.
            await #expect(throws: SafeError.notEnoughSignatures(have: 1, need: 2, missing: [f.child])) {
                try await f.execute(entry.safeTxHash, by: "relayer")
            }
            let full = try await d.dispatch(SignForOwnerSafe(safeTxHash: entry.safeTxHash, ownerSafe: f.child, keyName: "child2", password: { "pw" }))
            #expect((full.signature?.contractData.count ?? 0) == 130, "the child's two owner signatures")

            // The signature travels in the exchange file; a forged one for the child is set aside on import.
            let file = try await d.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            let other = try await TestWallet(devnet: devnet)
            defer { other.remove() }
            _ = try await other.services.dispatcher.dispatch(AddSafe(address: f.parent, name: nil, chain: other.chain))
            let forged = try SafeTransactionFile(transaction: entry.transaction,
                                                 signatures: [.contract(owner: f.child, data: [UInt8](repeating: 7, count: 65))])
            let refused = try await other.services.dispatcher.dispatch(ImportSafeTransaction(json: forged.json, chain: other.chain))
            #expect(refused.setAside == [SetAsideApproval(owner: f.child, reason: .contractRefused, isContract: true)])
            let carried = try await other.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json, chain: other.chain))
            #expect(carried.setAside.isEmpty && carried.count.confirmed == 2)

            let result = try await f.execute(entry.safeTxHash, by: "relayer")
            #expect(result.success == true)
            #expect(try await f.balance(recipient) == Self.ether / 10)
        }

        @Test("approveHash: the child approves through its own multisig transaction, an owner key on chain; the parent pays")
        func approvedHashes() async throws {
            let f = try await Family(devnet: devnet, version: .v1_4_1)
            defer { f.wallet.remove() }
            let d = f.wallet.services.dispatcher
            let (entry, recipient) = try await f.proposePayment(Self.ether / 5)
            // The owner key approves on chain instead of signing.
            let approval = try await d.dispatch(ApproveSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "eoa", chain: f.wallet.chain,
                                                                       wait: true, password: { "pw" }))
            #expect(approval.receipt?.status == true)
            await #expect(throws: SafeError.notEnoughSignatures(have: 1, need: 2, missing: [f.child])) {
                try await f.execute(entry.safeTxHash, by: "relayer")
            }

            // The child proposes approveHash on the parent, its owners sign, and it executes.
            let childTx = try await d.dispatch(ProposeOwnerSafeApproval(safeTxHash: entry.safeTxHash, ownerSafe: f.child, chain: f.wallet.chain))
            #expect(childTx.transaction.safe == f.child && childTx.transaction.to == f.parent)
            for key in ["child1", "child2"] {
                _ = try await d.dispatch(SignSafeTransaction(safeTxHash: childTx.safeTxHash, keyName: key, password: { "pw" }))
            }
            #expect(try await f.execute(childTx.safeTxHash, by: "relayer").success == true)

            // Nobody told the parent's entry: execution asks the Safe's approvedHashes for both.
            let result = try await f.execute(entry.safeTxHash, by: "relayer")
            #expect(result.success == true)
            #expect(try await f.balance(recipient) == Self.ether / 5)
        }
    }
}
