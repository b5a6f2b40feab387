import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Confirms a Safe transaction on chain: the owner's vault key sends `approveHash(safeTxHash)` to
/// the Safe, for an owner who cannot sign off-chain. Execution then counts it (v = 1) once the
/// Safe's `approvedHashes` says so.
public struct ApproveSafeTransaction: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let keyName: String
    public let chain: ChainSelection
    public let wait: Bool
    public let password: @Sendable () throws -> String
    public let progress: @Sendable (SendProgress) -> Void
    public init(safeTxHash: [UInt8], keyName: String, chain: ChainSelection, wait: Bool,
                password: @escaping @Sendable () throws -> String, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) {
        self.safeTxHash = safeTxHash
        self.keyName = keyName
        self.chain = chain
        self.wait = wait
        self.password = password
        self.progress = progress
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SendResult { try await store.approveOnChain(self) }
}

/// Has a Safe that owns another Safe confirm the other Safe's transaction through its own
/// multisig flow: proposes, in the owner Safe, the call `approveHash(safeTxHash)` on the Safe
/// it owns. Its owners then sign and execute that transaction as any other.
public struct ProposeOwnerSafeApproval: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    /// The owner that is itself a Safe.
    public let ownerSafe: Address
    public let chain: ChainSelection
    public init(safeTxHash: [UInt8], ownerSafe: Address, chain: ChainSelection) {
        self.safeTxHash = safeTxHash
        self.ownerSafe = ownerSafe
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeTransactionEntry { try await store.proposeOwnerSafeApproval(self) }
}

/// Signs a Safe transaction for an owner that is itself a Safe (EIP-1271, v = 0): the vault key,
/// an owner of that Safe, signs that Safe's `SafeMessage` hash for the transaction, offline. The
/// owner Safe's signature grows with each of its owners' signatures and counts once its
/// `isValidSignature` accepts it on chain.
public struct SignForOwnerSafe: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let ownerSafe: Address
    public let keyName: String
    public let password: @Sendable () throws -> String
    public init(safeTxHash: [UInt8], ownerSafe: Address, keyName: String, password: @escaping @Sendable () throws -> String) {
        self.safeTxHash = safeTxHash
        self.ownerSafe = ownerSafe
        self.keyName = keyName
        self.password = password
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeConfirmations { try await store.signForOwnerSafe(self) }
}

extension SafeTransactionsStore {
    func approveOnChain(_ a: ApproveSafeTransaction) async throws -> SendResult {
        let entry = try await entry(a.safeTxHash)
        guard entry.status == .queued else { throw SafeError.alreadyExecuted(Hex.encode(a.safeTxHash)) }
        let owner = try await keys.account(named: a.keyName).address
        let chain = try await connector.connect(a.chain)
        let safe = try await refresh(entry.transaction.safe, chain: chain).safe
        guard safe.owners.contains(owner) else { throw SafeError.notAnOwner(signer: owner, safe: safe.address) }
        guard entry.transaction.nonce >= safe.nonce else { throw SafeError.nonceUsed(nonce: entry.transaction.nonce, current: safe.nonce) }
        let sent = try await transactions.send(SendTransaction(
            keyName: a.keyName, transfer: .contractCall(to: safe.address, value: 0, data: try SafeContract.approveHash(a.safeTxHash)),
            chain: a.chain, wait: a.wait, password: a.password, progress: a.progress))
        // Kept once the Safe's approvedHashes confirms it, so the queue shows it.
        if sent.receipt?.status == true {
            _ = try await admit([.approvedHash(by: owner)], of: entry.transaction, safeTxHash: entry.safeTxHash, safe: safe, chain: chain)
        }
        return sent
    }

    func proposeOwnerSafeApproval(_ p: ProposeOwnerSafeApproval) async throws -> SafeTransactionEntry {
        let entry = try await entry(p.safeTxHash)
        guard entry.status == .queued else { throw SafeError.alreadyExecuted(Hex.encode(p.safeTxHash)) }
        let owned = try await followedSafe(of: entry.transaction)
        guard owned.owners.contains(p.ownerSafe) else { throw SafeError.notAnOwner(signer: p.ownerSafe, safe: owned.address) }
        return try await propose(ProposeSafeTransaction(
            safe: p.ownerSafe, intent: .call(to: owned.address, value: 0, data: try SafeContract.approveHash(p.safeTxHash), operation: .call),
            chain: p.chain))
    }

    func signForOwnerSafe(_ s: SignForOwnerSafe) async throws -> SafeConfirmations {
        let entry = try await entry(s.safeTxHash)
        guard entry.status == .queued else { throw SafeError.alreadyExecuted(Hex.encode(s.safeTxHash)) }
        let tx = entry.transaction
        let owned = try await followedSafe(of: tx)
        let (ownerSafe, version) = try await ownerSafe(s.ownerSafe, of: owned, keyName: s.keyName, answering: try ContractSignature.question(for: tx))
        let message = try ContractSignature.childMessagePreimage(for: tx, child: ownerSafe.address, childVersion: version)
        let earlier = entry.signatures.first { $0.owner == ownerSafe.address && $0.kind == .contract }
        let (signature, replacesStored) = try await contractSignature(of: ownerSafe, over: message, growing: earlier, keyName: s.keyName,
                                                                      password: s.password)
        if replacesStored { try await storage.withdrawSignature(of: ownerSafe.address, from: entry.safeTxHash) }
        let (updated, _, setAside) = try await admit([signature], of: tx, safeTxHash: entry.safeTxHash, safe: owned, chain: nil)
        if let refused = setAside.first { throw SafeError.signatureRefused(refused.description) }
        return try await confirmations(updated, safe: owned, signature: signature)
    }
}

extension SafeRoom {
    /// The followed Safe `address`, an owner of `owned`, with the vault key `keyName` among its
    /// owners, and its release, which must answer `question` by signature; clear errors otherwise.
    func ownerSafe(_ address: Address, of owned: Safe, keyName: String, answering question: OwnerQuestion) async throws -> (Safe, SafeVersion) {
        guard owned.owners.contains(address) else { throw SafeError.notAnOwner(signer: address, safe: owned.address) }
        guard let ownerSafe = try await storage.safe(chainID: owned.chainID, address: address) else { throw SafeError.unknownSafe(address) }
        let account = try await keys.account(named: keyName)
        guard ownerSafe.owners.contains(account.address) else { throw SafeError.notAnOwner(signer: account.address, safe: ownerSafe.address) }
        guard let version = ownerSafe.safeVersion, version.isSupported else {
            throw SafeError.unsupportedVersion(address: ownerSafe.address, version: ownerSafe.version)
        }
        guard question.isAnswerable(byOwnerSafeOf: version) else {
            throw SafeError.signatureRefused(OwnerSafeRefusal.unanswerable(child: ownerSafe.address.checksummed, version: version))
        }
        return (ownerSafe, version)
    }

    /// `ownerSafe`'s contract signature (v = 0) over its own SafeMessage hash, of `preimage`: the
    /// signatures its owners gave in `earlier`, and this key's added, packed as it checks them.
    /// Only its owners' own signatures grow it: whatever else an older release stored there (a
    /// claim, padding, a stranger's entry) is left out, and `replacesStored` then says the merge,
    /// which keeps the longer of two, must take the stored one off first.
    func contractSignature(of ownerSafe: Safe, over preimage: [UInt8], growing earlier: SafeSignature?, keyName: String,
                           password: @Sendable () throws -> String) async throws -> (signature: SafeSignature, replacesStored: Bool) {
        let account = try await keys.account(named: keyName)
        let message = Keccak256.hash(preimage)
        var inner = (earlier.flatMap { try? SafeSignature.parse(packed: $0.contractData, safeTxHash: message) } ?? [])
            .filter { $0.provesOwner && ownerSafe.owners.contains($0.owner) }
        if !inner.contains(where: { $0.owner == account.address }) {
            inner.append(try await keys.signer(name: keyName, password: password).safeSignature(preimage: preimage))
        }
        let signature = SafeSignature.contract(owner: ownerSafe.address, data: SafeSignature.pack(inner))
        return (signature, earlier.map { $0 != signature && $0.bytes.count >= signature.bytes.count } ?? false)
    }
}
