import AppCore
import BigInt
import Foundation

/// Fixed entities for the feature tests.
enum Sample {
    static let owners = ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"].map { try! Address($0) }
    static let safeAddress = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let recipient = try! Address("0x90F79bf6EB2c4f870365E785982E1f101E93b906")
    static let time = Date(timeIntervalSince1970: 1_763_700_000)

    static func safe(nonce: BigUInt = 0, name: String? = "team") -> Safe {
        Safe(chainID: 31337, address: safeAddress, name: name, version: "1.4.1", owners: owners, threshold: 2, nonce: nonce, modules: [],
             fallbackHandler: .zero, guardAddress: .zero, updatedAt: time)
    }

    static let entry: SafeTransactionEntry = {
        let tx = SafeTx(safe: safeAddress, chainID: 31337, version: .v1_4_1, to: recipient, value: BigUInt(10).power(17), nonce: 0)
        return SafeTransactionEntry(transaction: tx, safeTxHash: try! tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                    summary: "send 0.1 ETH to \(recipient.checksummed)", createdAt: time, updatedAt: time)
    }()

    /// `entry` before it was proposed.
    static let draft = try! SafeTransactionDraft(transaction: entry.transaction, summary: entry.summary)

    /// `entry` decoded, with a simulation that succeeds.
    static let review = SafeTransactionReview(call: CallDecoder().decode(entry.transaction), simulation: .succeeds)

    /// The owners' throwaway dev keys (the well-known test mnemonic's first two accounts).
    static let ownerKeys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                            "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"].map { try! PrivateKey(hex: $0) }

    /// Each owner's signature of `entry`, in owner order.
    static let signatures: [SafeSignature] = ownerKeys.map { try! SafeSignature.sign(safeTxHash: entry.safeTxHash, with: $0) }

    /// The first `signed` owners' confirmations of `entry`, counted against the sample Safe.
    static func count(signed: Int) -> ConfirmationCount { safe().count(ConfirmationSet(Array(signatures.prefix(signed)))) }

    static let ethRate = Rate(coin: "ethereum", fiat: "usd", price: "3000", time: time, stale: false)

    static let snapshot = SafeDetail.Snapshot(
        info: SafeState(safe: safe(), balance: EtherAmount(wei: BigUInt(15) * BigUInt(10).power(17)), tokens: []),
        queue: [entry], history: [], rate: ethRate)

    static let stored = StoredTransaction(hash: [UInt8](repeating: 0xaa, count: 32), chainID: 31337, from: owners[1], to: safeAddress,
                                          value: 0, nonce: 3, raw: [], keyName: "bob", token: nil, tokenAmount: nil, status: .success,
                                          createdAt: time, updatedAt: time)
}
