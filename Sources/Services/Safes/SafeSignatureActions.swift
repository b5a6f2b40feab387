import BigInt
import Foundation
import SafeKit
import Storage

/// Where a transaction's confirmations stand after a signature was added.
public struct SafeConfirmations: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    /// The signature just added (or found already present).
    public let signature: SafeSignature?
    /// Valid signatures from current owners.
    public let confirmations: Int
    public let threshold: BigUInt

    /// A SafeConfirmations value.
    public init(entry: SafeTransactionEntry, signature: SafeSignature?, confirmations: Int, threshold: BigUInt) {
        self.entry = entry
        self.signature = signature
        self.confirmations = confirmations
        self.threshold = threshold
    }

    /// Whether the owners who signed meet the threshold.
    public var isReady: Bool { ConfirmationCount.isReady(confirmed: confirmations, threshold: threshold) }
}

/// Signs a stored Safe transaction with a vault key. Works offline: the owners come from the
/// followed Safe, and a key that is not an owner is refused before any password is asked.
public struct SignSafeTransaction: SafeAction {
    public let safeTxHash: [UInt8]
    public let keyName: String
    public let password: @Sendable () throws -> String
    public init(safeTxHash: [UInt8], keyName: String, password: @escaping @Sendable () throws -> String) {
        self.safeTxHash = safeTxHash
        self.keyName = keyName
        self.password = password
    }
    public func perform(on store: SafeStore) async throws -> SafeConfirmations { try await store.sign(self) }
}

/// The signature-exchange file of a stored transaction, with every signature collected.
public struct ExportSafeTransaction: SafeAction {
    public let safeTxHash: [UInt8]
    public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    public func perform(on store: SafeStore) async throws -> SafeTransactionFile {
        let entry = try await store.entry(safeTxHash)
        return try SafeTransactionFile(transaction: entry.transaction, signatures: entry.signatures)
    }
}

/// Imports a signature-exchange file: verified, checked against the followed Safe's chain and
/// owners, and merged with the signatures already here. Approved-hash entries are checked on
/// `chain` when one is given and reachable; otherwise they are set aside, never counted.
public struct ImportSafeTransaction: SafeAction {
    public let json: String
    public let chain: ChainSelection?
    public init(json: String, chain: ChainSelection? = nil) {
        self.json = json
        self.chain = chain
    }
    public func perform(on store: SafeStore) async throws -> SafeImportResult { try await store.importFile(json, chain: chain) }
}

/// What an import added.
public struct SafeImportResult: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    /// Owners whose signatures were new here.
    public let added: [Address]
    public let confirmations: Int
    public let threshold: BigUInt
    /// Approved-hash claims that were not counted.
    public let setAside: [SetAsideApproval]

    /// An import's result (for previews and tests).
    public init(entry: SafeTransactionEntry, added: [Address], confirmations: Int, threshold: BigUInt, setAside: [SetAsideApproval]) {
        self.entry = entry
        self.added = added
        self.confirmations = confirmations
        self.threshold = threshold
        self.setAside = setAside
    }
}

extension SafeStore {
    func sign(_ s: SignSafeTransaction) async throws -> SafeConfirmations {
        let entry = try await entry(s.safeTxHash)
        guard entry.status == .queued else { throw SafeError.alreadyExecuted(Hex.encode(s.safeTxHash)) }
        let safe = try await followedSafe(of: entry.transaction)
        let account = try await keys.account(named: s.keyName)
        guard safe.owners.contains(account.address) else { throw SafeError.notAnOwner(signer: account.address, safe: safe.address) }
        if let existing = entry.signatures.first(where: { $0.owner == account.address }), existing.kind != .approvedHash {
            return confirmations(entry, safe: safe, signature: existing)
        }
        let key = try await keys.signingKey(name: s.keyName, password: try s.password())
        let signature = try SafeSignature.sign(safeTxHash: entry.safeTxHash, with: key)
        let (updated, _) = try await merge(entry.transaction, safeTxHash: entry.safeTxHash, signatures: [signature])
        return confirmations(updated, safe: safe, signature: signature)
    }

    func importFile(_ json: String, chain selection: ChainSelection?) async throws -> SafeImportResult {
        let file: SafeTransactionFile
        do { file = try SafeTransactionFile(json: json) } catch { throw SafeError.importRejected(error.description) }
        let tx = file.transaction
        guard let chainID = tx.chainID else { throw SafeError.importRejected("the file has no chain ID") }
        guard let safe = try await storage.safe(chainID: chainID, address: tx.safe) else {
            if let elsewhere = try await storage.safes(address: tx.safe).first {
                throw SafeError.importRejected("the file is for chain \(chainID) but Safe \(tx.safe.checksummed) is followed on chain \(elsewhere.chainID)")
            }
            throw SafeError.unknownSafe(tx.safe)
        }
        if let version = safe.safeVersion, version != tx.version {
            throw SafeError.importRejected("the file hashes as Safe \(tx.version.rawValue) but the Safe is \(version.rawValue)")
        }
        if let stranger = file.signatures.first(where: { !safe.owners.contains($0.owner) }) {
            throw SafeError.importRejected("\(stranger.owner.checksummed) signed it but is not an owner of \(safe.address.checksummed)")
        }
        var chain: Chain?
        if let selection { chain = try? await connector.connect(selection) }
        let checked = await OnChainConfirmationCheck.verify(file.signatures, safe: safe, tx: tx, safeTxHash: file.safeTxHash, chain: chain)
        let (entry, added) = try await merge(tx, safeTxHash: file.safeTxHash, signatures: checked.kept)
        let counted = confirmations(entry, safe: safe, signature: nil)
        return SafeImportResult(entry: entry, added: added, confirmations: counted.confirmations, threshold: safe.threshold,
                                setAside: checked.setAside)
    }

    /// Stores `tx` (new ones as queued) with the signatures of owners not yet here, real
    /// signatures in place of approved-hash entries and longer contract signatures in place of
    /// shorter ones; returns the owners added or upgraded.
    func merge(_ tx: SafeTx, safeTxHash: [UInt8], signatures: [SafeSignature]) async throws -> (SafeTransactionEntry, added: [Address]) {
        let existing = try await storage.transaction(safeTxHash: safeTxHash)
        var merged = existing?.signatures ?? []
        var added: [Address] = []
        for signature in signatures {
            if let i = merged.firstIndex(where: { $0.owner == signature.owner }) {
                // A contract owner's signature grows as its own owners sign; it is never shrunk.
                let grows = merged[i].kind == .contract && signature.kind == .contract && signature.bytes.count > merged[i].bytes.count
                guard (merged[i].kind == .approvedHash && signature.kind != .approvedHash) || grows else { continue }
                merged[i] = signature
            } else {
                merged.append(signature)
            }
            added.append(signature.owner)
        }
        // Nothing new is not written: a home's watchers (the dashboard's pages) would reload for nothing.
        if let existing, merged == existing.signatures { return (existing, added) }
        let entry = existing.map { $0.with(signatures: merged, updatedAt: now()) }
            ?? SafeTransactionEntry(transaction: tx, safeTxHash: safeTxHash, signatures: merged, status: .queued, executionHash: nil,
                                    summary: SafeSummary.describe(tx), createdAt: now(), updatedAt: now())
        try await storage.save(entry)
        return (entry, added)
    }

    func confirmations(_ entry: SafeTransactionEntry, safe: Safe, signature: SafeSignature?) -> SafeConfirmations {
        let count = ConfirmationCount(signatures: entry.signatures, owners: safe.owners, threshold: safe.threshold)
        return SafeConfirmations(entry: entry, signature: signature, confirmations: count.confirmed, threshold: safe.threshold)
    }
}

/// A summary from a transaction's fields alone, for calls and for transactions that arrived from elsewhere.
enum SafeSummary {
    static func describe(_ tx: SafeTx) -> String { describe(to: tx.to, value: tx.value, data: tx.data, operation: tx.operation, safe: tx.safe) }

    static func describe(to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation, safe: Address) -> String {
        if to == safe, value == 0, data.isEmpty, operation == .call { return "rejection: an empty transaction that uses up its nonce" }
        let ether = "\(EtherAmount(wei: value).exact(in: .ether)) ETH"
        if data.isEmpty { return "send \(ether) to \(to.checksummed)" }
        return "\(operation.name) \(to.checksummed) with \(data.count) bytes of data" + (value > 0 ? " and \(ether)" : "")
    }
}
