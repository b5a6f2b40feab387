import BigInt
import SafeKit
import Services
import Storage

/// Why the co-signing rules refused a request, with the data to say so. It names no wire field
/// and no status: each front end maps it at its own edge (`bifrost serve` to the official
/// service's field errors).
public enum CoSigningRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address holds no Safe this server can serve.
    case notASafe(Address, reason: String)
    /// The Safe's version is not one the server hashes for.
    case unsupportedVersion(String)
    /// The fields cannot be hashed (a value out of range).
    case unhashable(String)
    /// The fields hash to `computed` for the Safe's version and chain, not to the hash the client stated.
    case hashMismatch(computed: [UInt8], stated: [UInt8], version: SafeVersion, chainID: BigUInt)
    /// The nonce is below the Safe's: it can never execute.
    case nonceUsed(nonce: BigUInt, current: BigUInt)
    /// An owner proposed without its own signature.
    case unsignedProposal(sender: Address)
    /// An owner proposed with signatures that are not its own.
    case signedByOthers(signers: [Address], sender: Address)
    /// The sender is neither an owner nor a delegate of the Safe.
    case notOwnerOrDelegate(sender: Address, safe: Address)
    /// A delegate proposed without its own signature of the hash, or with someone else's.
    case delegateUnsigned(delegate: Address)
    /// No signature was given where one is required.
    case noSignature
    /// The signature bytes do not read as Safe signatures.
    case unreadableSignature(String)
    /// A signature recovers to someone who is not an owner.
    case signedByNonOwner(signer: Address, safe: Address)
    /// One owner signed twice in one request.
    case signedTwice(Address)
    /// An approved hash or a contract signature that the chain does not confirm.
    case notConfirmedOnChain(String)
    /// No transaction with this hash is stored.
    case unknownTransaction([UInt8])
    /// No Safe message with this hash is stored.
    case unknownMessage([UInt8])
    /// The message is neither a text nor EIP-712 typed data that hashes.
    case invalidMessage(String)
    /// The transaction was executed already.
    case alreadyExecuted
    /// An executed transaction stays.
    case executedCannotBeDeleted
    /// The delete request is not signed by the proposer for this hour.
    case deleteNotSignedByProposer(Address)
    /// An owner cannot delegate to itself.
    case selfDelegation
    /// A delegate needs a label.
    case missingLabel
    /// The delegate's expiry date has passed.
    case expiryPassed
    /// Not a signature of this hour's Delegate message by any of `signers`.
    case delegateMessageNotSigned(by: [Address])
    /// The delegator does not own the Safe.
    case delegatorNotOwner(delegator: Address, safe: Address)
    /// The delegator owns no Safe this server serves.
    case delegatorOwnsNothing(Address)
    /// No such delegate of that delegator.
    case unknownDelegate(delegate: Address, delegator: Address)
    /// A delegate listing needs at least one filter.
    case delegateQueryUnbounded
    /// The call, tried as the Safe, fails (or could not be tried): no gas can be named for it.
    case estimationFailed(String)
    /// The server's policy refuses what the transaction does (`SafeProposalPolicy`).
    case againstPolicy([SafeProposalPolicy.Breach])
    /// A transfer ID that is neither `e` + a transaction hash + a log index nor `i` + a hash + a place.
    case malformedTransferID(String)

    public var description: String {
        switch self {
        case .notASafe(_, let reason): reason
        case .unsupportedVersion(let version): "Safe version \(version) is not supported"
        case .unhashable(let reason): reason
        case .hashMismatch(let computed, let stated, let version, let chainID):
            "the fields hash to \(Hex.encode(computed)) for Safe \(version.rawValue) on chain \(chainID), not \(Hex.encode(stated))"
        case .nonceUsed(let nonce, let current): "\(nonce) is below the Safe's nonce \(current): it can never execute"
        case .unsignedProposal(let sender): "a proposal must carry the signature of its sender \(sender.checksummed); none was given"
        case .signedByOthers(let signers, let sender):
            "the signature is \(signers.map(\.checksummed).joined(separator: ", "))'s, not the sender \(sender.checksummed)'s"
        case .notOwnerOrDelegate(let sender, let safe): "\(sender.checksummed) is neither an owner nor a delegate of \(safe.checksummed)"
        case .delegateUnsigned(let delegate): "a delegate's proposal must be signed by \(delegate.checksummed) alone"
        case .noSignature: "no signature given"
        case .unreadableSignature(let reason): reason
        case .signedByNonOwner(let signer, let safe): "signed by \(signer.checksummed), who is not an owner of \(safe.checksummed)"
        case .signedTwice(let owner): "\(owner.checksummed) signed twice"
        case .notConfirmedOnChain(let reason): reason
        case .unknownTransaction(let hash): "no multisig transaction \(Hex.encode(hash))"
        case .unknownMessage(let hash): "no Safe message \(Hex.encode(hash))"
        case .invalidMessage(let reason): reason
        case .alreadyExecuted: "the transaction was already executed"
        case .executedCannotBeDeleted: "an executed transaction cannot be deleted"
        case .deleteNotSignedByProposer(let proposer): "not a signature of this hour's DeleteRequest by the proposer \(proposer.checksummed)"
        case .selfDelegation: "an owner cannot be its own delegate"
        case .missingLabel: "a label is required"
        case .expiryPassed: "the expiry date has passed"
        case .delegateMessageNotSigned(let signers):
            "not a signature of this hour's Delegate message by \(signers.map(\.checksummed).joined(separator: " or "))"
        case .delegatorNotOwner(let delegator, let safe): "\(delegator.checksummed) is not an owner of \(safe.checksummed)"
        case .delegatorOwnsNothing(let delegator): "\(delegator.checksummed) owns no Safe this service serves"
        case .unknownDelegate(let delegate, let delegator): "\(delegate.checksummed) is not a delegate of \(delegator.checksummed)"
        case .delegateQueryUnbounded: "give at least one of safe, delegate, delegator or label"
        case .estimationFailed(let why): "Gas estimation failed: \(why)"
        case .againstPolicy(let breaches):
            breaches.map(\.description).joined(separator: "; ") + " (the server's operator can allow it: "
                + (breaches.contains { $0.allowance == nil } ? "--allow-delegatecall ADDRESS" : "--allow-change KIND") + ")"
        case .malformedTransferID(let id): "transfer_id is not valid: \(id.prefix(100))"
        }
    }
}
