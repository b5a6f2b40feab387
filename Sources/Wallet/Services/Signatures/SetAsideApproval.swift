import SafeKit

/// A signature the gate did not let count, and why: named to the user, never silently dropped.
public struct SetAsideApproval: Sendable, Equatable, CustomStringConvertible {
    /// Why the signature could not be taken as a confirmation.
    public enum Reason: Sendable, Equatable {
        /// The signer is not a current owner of the Safe.
        case notAnOwner
        /// The signature cannot be what the Safe reads (a contract signature of an owner Safe whose
        /// inner signatures are not packed as a Safe packs them); the text says how.
        case malformed(String)
        /// The Safe's `approvedHashes(owner, hash)` is zero: the owner never approved on chain.
        case notApprovedOnChain
        /// The owner contract's `isValidSignature` did not accept the signature.
        case contractRefused
        /// No node could be asked; the text says why.
        case unverifiable(String)
    }

    /// The owner the signature is for.
    public let owner: Address
    /// Why it does not count.
    public let reason: Reason
    /// Whether the signature was a contract signature rather than an approved hash or an ECDSA one.
    public let isContract: Bool

    public var description: String {
        let what = isContract ? "contract signature" : "approved-hash confirmation"
        switch reason {
        case .notAnOwner: return "\(owner.checksummed) signed it but is not an owner of the Safe"
        case .malformed(let why): return "the contract signature of \(owner.checksummed) is malformed: \(why)"
        case .notApprovedOnChain: return "the approved-hash confirmation of \(owner.checksummed) is not approved on chain"
        case .contractRefused: return "the contract signature of \(owner.checksummed) is refused by its isValidSignature"
        case .unverifiable(let why): return "the \(what) of \(owner.checksummed) could not be checked on chain (\(why))"
        }
    }

    /// A set-aside signature.
    public init(owner: Address, reason: Reason, isContract: Bool = false) {
        self.owner = owner
        self.reason = reason
        self.isContract = isContract
    }
}
