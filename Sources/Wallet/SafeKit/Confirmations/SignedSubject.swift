import BigInt
import EthereumKit

/// What owners' signatures sign: a Safe transaction's or a Safe message's hash, whose Safe it is,
/// and what that Safe asks an owner contract. The signature gate and the count both read it, so a
/// transaction and a message are checked by one rule.
public struct SignedSubject: Sendable, Equatable {
    /// The Safe whose owners sign.
    public let safe: Address
    /// The chain the hash binds, when its domain has one.
    public let chainID: BigUInt?
    /// The safeTxHash or the SafeMessage hash.
    public let hash: [UInt8]
    /// What the Safe asks an owner contract about, in its release's `isValidSignature` form.
    public let question: OwnerQuestion

    /// A subject from its parts.
    public init(safe: Address, chainID: BigUInt?, hash: [UInt8], question: OwnerQuestion) {
        self.safe = safe
        self.chainID = chainID
        self.hash = hash
        self.question = question
    }

    /// The transaction `tx`, whose hash the caller already has (or computes here).
    public static func transaction(_ tx: SafeTx, hash: [UInt8]? = nil) throws(SafeKitError) -> SignedSubject {
        let computed: [UInt8]
        if let hash { computed = hash } else { computed = try tx.hash() }
        return SignedSubject(safe: tx.safe, chainID: tx.chainID, hash: computed, question: try ContractSignature.question(for: tx))
    }

    /// The Safe message `message`.
    public static func message(_ message: SafeMessage) throws(SafeKitError) -> SignedSubject {
        SignedSubject(safe: message.safe, chainID: message.chainID, hash: try message.hash(), question: try message.ownerQuestion())
    }

    /// The hash the owners of `child`, a Safe of `childVersion` that owns this subject's Safe, sign
    /// so that `child` confirms it: the child's SafeMessage hash of the question.
    public func childHash(child: Address, childVersion: SafeVersion) throws(SafeKitError) -> [UInt8] {
        Keccak256.hash(try childPreimage(child: child, childVersion: childVersion))
    }

    /// The EIP-712 preimage whose hash is `childHash`: what a hardware wallet is given as its two hashes.
    public func childPreimage(child: Address, childVersion: SafeVersion) throws(SafeKitError) -> [UInt8] {
        try SafeMessage.preimage(of: question.message, safe: child, chainID: chainID, version: childVersion)
    }
}
