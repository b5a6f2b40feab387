import BigInt
import Foundation
import Services
import Storage
import Testing

/// The queue in the Safe's order: next nonce apart from later ones, conflicts grouped, Execute only
/// at the Safe's nonce, the batch a run of ready transactions; and which keys the pickers offer.
@Suite("Safe queue order")
struct SafeQueueOrderTests {
    // Hardhat dev keys 0–2: public and throwaway.
    static let keys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                       "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
                       "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"].map { try! PrivateKey(hex: $0) }
    static let safeAddress = try! Address("0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1")
    static let safe = Safe(chainID: 1, address: safeAddress, name: nil, version: "1.4.1", owners: [keys[0].address, keys[1].address],
                           threshold: 2, nonce: 5, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date(timeIntervalSince1970: 0))

    /// A queued transaction at `nonce` (a rejection when `reject`), signed by the keys at `signers`, created at `second`.
    static func entry(nonce: BigUInt, reject: Bool = false, signers: [Int], second: Double) throws -> SafeTransactionEntry {
        let tx = SafeTx(safe: safeAddress, chainID: 1, version: .v1_4_1, to: reject ? safeAddress : keys[2].address, value: reject ? 0 : 7, nonce: nonce)
        let hash = try tx.hash()
        let signatures = try signers.map { try SafeSignature.sign(safeTxHash: hash, with: keys[$0]) }
        let at = Date(timeIntervalSince1970: second)
        return SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: signatures, status: .queued, executionHash: nil,
                                    summary: SafeSummary.describe(tx), createdAt: at, updatedAt: at)
    }

    static func order(_ entries: [SafeTransactionEntry], nonce: BigUInt = 5) -> SafeQueueOrder {
        SafeQueueOrder(safeNonce: nonce, entries: entries) { safe.count(ConfirmationSet($0.signatures)) }
    }

    @Test("a fully signed transaction after the Safe's nonce waits for it; only the next nonce can execute")
    func laterNonceWaits() throws {
        // Given: nonce 5 signed once, nonce 6 fully signed.
        let next = try Self.entry(nonce: 5, signers: [0], second: 1)
        let later = try Self.entry(nonce: 6, signers: [0, 1], second: 2)
        // When
        let order = Self.order([later, next])
        // Then
        #expect(order.next?.nonce == 5 && order.queued.map(\.nonce) == [6])
        #expect(order.next?.items.first?.readiness == .needsConfirmations(confirmed: 1, threshold: 2))
        #expect(order.queued[0].items[0].readiness == .waitsForNonce(next: 5, confirmed: true))
        #expect(!order.queued[0].items[0].readiness.canExecute && order.queued[0].items[0].readiness.isConfirmed)
        #expect(order.batch.isEmpty && !order.canBatch)
    }

    @Test("the command line's view of a later transaction says the nonce it waits for; one at the Safe's nonce does not")
    func viewWaits() throws {
        let later = try Self.entry(nonce: 6, signers: [0, 1], second: 2)
        let view = SafeTransactionView(later, count: Self.safe.count(ConfirmationSet(later.signatures)), safeNonce: 5)
        #expect(view.waitsForNonce == JSONNumber(5) && view.ready == true && view.standing == "confirmed; waits for nonce 5")
        let next = try Self.entry(nonce: 5, signers: [0, 1], second: 1)
        let ready = SafeTransactionView(next, count: Self.safe.count(ConfirmationSet(next.signatures)), safeNonce: 5)
        #expect(ready.waitsForNonce == nil && ready.standing == "ready to execute")
    }

    @Test("a rejection and the transaction it rejects share a nonce: one conflict group, the proposal first")
    func conflictGrouped() throws {
        let rejection = try Self.entry(nonce: 5, reject: true, signers: [0, 1], second: 1)
        let proposal = try Self.entry(nonce: 5, signers: [0], second: 2)
        let order = Self.order([rejection, proposal])
        #expect(order.next?.isConflict == true && order.queued.isEmpty)
        #expect(order.next?.items.map(\.entry.safeTxHash) == [proposal.safeTxHash, rejection.safeTxHash])
        #expect(order.next?.items.map(\.readiness.canExecute) == [false, true])
        // The one ready transaction of the conflict is what a batch would start with.
        #expect(order.batch.map(\.safeTxHash) == [rejection.safeTxHash])
    }

    @Test("consecutive ready transactions from the Safe's nonce make a batch; a gap or a second ready one at a nonce ends it")
    func batchRun() throws {
        let a = try Self.entry(nonce: 5, signers: [0, 1], second: 1)
        let b = try Self.entry(nonce: 6, signers: [0, 1], second: 2)
        let c = try Self.entry(nonce: 8, signers: [0, 1], second: 3)
        #expect(Self.order([c, b, a]).batch.map(\.safeTxHash) == [a.safeTxHash, b.safeTxHash])
        #expect(Self.order([c, b, a]).canBatch)
        let b2 = try Self.entry(nonce: 6, reject: true, signers: [0, 1], second: 4)
        #expect(Self.order([a, b, b2]).batch.map(\.safeTxHash) == [a.safeTxHash])
        // Nothing at the Safe's nonce: no batch, and every later one waits.
        let order = Self.order([b, c])
        #expect(order.next == nil && order.batch.isEmpty && order.queued.allSatisfy { $0.items.allSatisfy { !$0.readiness.canExecute } })
    }

    @Test("a transaction with safeTxGas or a gas refund ends the batch, as executing refuses it there: its failure would not revert")
    func batchStopsAtRefund() throws {
        let a = try Self.entry(nonce: 5, signers: [0, 1], second: 1)
        let tx = SafeTx(safe: Self.safeAddress, chainID: 1, version: .v1_4_1, to: Self.keys[2].address, value: 7, safeTxGas: 50_000, nonce: 6)
        let hash = try tx.hash()
        let b = SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: try [0, 1].map { try SafeSignature.sign(safeTxHash: hash, with: Self.keys[$0]) },
                                     status: .queued, executionHash: nil, summary: "refunded", createdAt: Date(timeIntervalSince1970: 2),
                                     updatedAt: Date(timeIntervalSince1970: 2))
        #expect(a.transaction.runsInBatch && !tx.runsInBatch)
        #expect(Self.order([a, b]).batch.map(\.safeTxHash) == [a.safeTxHash])
        #expect(!Self.order([a, b]).canBatch)
    }

    @Test("readiness: below the Safe's nonce is used, at it depends on the threshold")
    func readiness() throws {
        let count = Self.safe.count(ConfirmationSet(try Self.entry(nonce: 5, signers: [0, 1], second: 0).signatures))
        #expect(ExecutionReadiness(nonce: 4, safeNonce: 5, count: count) == .nonceUsed(current: 5))
        #expect(ExecutionReadiness(nonce: 5, safeNonce: 5, count: count).canExecute)
        #expect(ExecutionReadiness(nonce: 9, safeNonce: 5, count: count) == .waitsForNonce(next: 5, confirmed: true))
    }

    static func account(_ name: String, _ i: Int) -> Account {
        Account(name: name, address: keys[i].address, kind: .privateKey, derivationPath: nil, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test("the execute picker offers every key, funded first and owners first among them; an unfunded owner is last")
    func executors() {
        let keys = [Self.account("owner0", 0), Self.account("owner1", 1), Self.account("payer", 2)]
        let balances = [Self.keys[0].address: EtherAmount(wei: 0), Self.keys[1].address: EtherAmount(wei: 0), Self.keys[2].address: EtherAmount(wei: 5)]
        let options = KeyChoice.executors(keys: keys, owners: Self.safe.owners, balances: balances)
        #expect(options.map(\.account.name) == ["payer", "owner0", "owner1"])
        #expect(options.map(\.isFunded) == [true, false, false] && options.map(\.isOwner) == [false, true, true])
        // Unread balances: owners first, none funded.
        #expect(KeyChoice.executors(keys: keys, owners: Self.safe.owners, balances: nil).map(\.account.name) == ["owner0", "owner1", "payer"])
    }

    @Test("the sign picker offers the owner keys, unsigned first, a signed one marked")
    func signers() {
        let keys = [Self.account("owner0", 0), Self.account("owner1", 1), Self.account("outsider", 2)]
        let options = KeyChoice.signers(keys: keys, owners: Self.safe.owners, signed: [Self.keys[0].address])
        #expect(options.map(\.account.name) == ["owner1", "owner0"] && options.map(\.hasSigned) == [false, true])
    }
}
