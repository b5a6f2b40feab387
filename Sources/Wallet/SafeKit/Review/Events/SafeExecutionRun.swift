import BigInt
import EthereumKit
import struct Foundation.Data

/// The Safe's real `execTransaction` of a transaction, run in a simulation before anyone has
/// signed, to see the events it emits. The state override sets the Safe's nonce to the
/// transaction's and makes `approvers` (addresses no one holds a key for) owners that have each
/// approved its safeTxHash on chain, so their approved-hash signatures (v = 1) meet any threshold
/// up to their number. The owners' list, the owner count and the threshold are left as they are,
/// so what the transaction does to them is real.
public enum SafeExecutionRun {
    /// Thresholds up to this many are met; a higher one makes the run fail (GS020), saying so.
    public static let approverCount = SafeStateProbe.listLimit

    /// The simulated approvers, in ascending order as the Safe requires.
    public static let approvers: [Address] = {
        let prefix = Array(Keccak256.hash(Array("bifrost.review-approver".utf8)).prefix(16))
        return (1...approverCount).map { try! Address(bytes: prefix + [0, 0, UInt8($0 >> 8), UInt8($0 & 0xff)]) }
    }()

    /// The simulated sender, not an owner: the approvals alone authorise the run.
    public static let executor = try! Address(bytes: Array(Keccak256.hash(Array("bifrost.review-executor".utf8)).suffix(20)))

    /// The Safe's storage to assume, slot → value: its nonce (slot 5) the transaction's, and for
    /// each approver `owners[approver]` (slot 2's mapping) set and `approvedHashes[approver][safeTxHash]`
    /// (slot 8's) set.
    public static func storage(for tx: SafeTx) throws(SafeKitError) -> [BigUInt: BigUInt] {
        let hash = try tx.hash()
        var slots: [BigUInt: BigUInt] = [5: tx.nonce]
        for approver in approvers {
            slots[slot(approver.word, 2)] = 1
            slots[slot(hash, slot(approver.word, 8))] = 1
        }
        return slots
    }

    /// The storage slot of `key` in the mapping at `base`.
    private static func slot(_ key: [UInt8], _ base: BigUInt) -> BigUInt {
        BigUInt(Data(Keccak256.hash(key + base.word!)))
    }

    /// The `execTransaction` calldata the executor sends.
    public static func calldata(for tx: SafeTx) throws(SafeKitError) -> [UInt8] {
        try tx.execTransactionCall(signatures: approvers.flatMap { SafeSignature.approvedHash(by: $0).bytes })
    }
}

extension Address {
    /// The address left-padded to a 32-byte word, as the ABI and storage keys hold it.
    var word: [UInt8] { [UInt8](repeating: 0, count: 12) + bytes }
}
