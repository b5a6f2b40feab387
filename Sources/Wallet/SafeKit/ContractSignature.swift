import BigInt
import EthereumKit

/// EIP-1271 confirmations by an owner that is itself a Safe (v = 0): the parent asks the owner
/// contract `isValidSignature`, and the child Safe's fallback handler accepts when the child's
/// own owners signed the child's `SafeMessage` hash of what the parent asked about.
public enum ContractSignature {
    static let legacyIsValidSignature = try! FunctionSignature("isValidSignature(bytes,bytes)")
    static let isValidSignature = try! FunctionSignature("isValidSignature(bytes32,bytes)")
    /// What `isValidSignature(bytes,bytes)` returns on success (the pre-standard EIP-1271).
    static let legacyMagic: [UInt8] = [0x20, 0xc1, 0x3b, 0x0b]
    /// What `isValidSignature(bytes32,bytes)` returns on success.
    static let magic: [UInt8] = [0x16, 0x26, 0xba, 0x7e]

    /// What the parent asks an owner contract about `tx`: the EIP-712 preimage for Safe 1.3.0
    /// and 1.4.1 (legacy form), the safeTxHash for 1.5.0 (`bytes32` form). The child's handler
    /// turns it into `message` bytes: the preimage itself, or `abi.encode(hash)`.
    public static func question(for tx: SafeTx) throws(SafeKitError) -> OwnerQuestion {
        question(preimage: try tx.encodedData(), parentVersion: tx.version)
    }

    /// The same for anything a parent of `parentVersion` checks signatures of: its EIP-712
    /// `preimage` (`0x19 ‖ 0x01 ‖ domain ‖ struct hash`) before 1.5.0, the hash of it from 1.5.0.
    static func question(preimage: [UInt8], parentVersion: SafeVersion) -> OwnerQuestion {
        parentVersion >= .v1_5_0 ? OwnerQuestion(message: Keccak256.hash(preimage), legacy: false) : OwnerQuestion(message: preimage, legacy: true)
    }

    /// The hash the owners of `child` sign so that `child` confirms `tx` of its parent: the
    /// child's `getMessageHash` (CompatibilityFallbackHandler) of the message the parent will ask about.
    public static func childMessageHash(for tx: SafeTx, child: Address, childVersion: SafeVersion) throws(SafeKitError) -> [UInt8] {
        try SignedSubject.transaction(tx).childHash(child: child, childVersion: childVersion)
    }

    /// The EIP-712 preimage of `childMessageHash`, which a key on a hardware wallet signs by its two hashes.
    public static func childMessagePreimage(for tx: SafeTx, child: Address, childVersion: SafeVersion) throws(SafeKitError) -> [UInt8] {
        try SignedSubject.transaction(tx).childPreimage(child: child, childVersion: childVersion)
    }

    /// The `isValidSignature` call the parent Safe makes on the owner contract for `tx`.
    public static func validationCall(for tx: SafeTx, signature: [UInt8]) throws(SafeKitError) -> [UInt8] {
        try question(for: tx).call(signature: signature)
    }

    /// Whether the answer to `validationCall` is the magic value that form returns on success.
    public static func accepts(_ answer: [UInt8], for tx: SafeTx) -> Bool {
        OwnerQuestion(message: [], legacy: tx.version < .v1_5_0).accepts(answer)
    }
}
