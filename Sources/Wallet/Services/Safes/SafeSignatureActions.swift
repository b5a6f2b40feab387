import BigInt
import Foundation
import SafeKit
import Storage

/// Where a transaction's confirmations stand after a signature was added.
public struct SafeConfirmations: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    /// The signature just added (or found already present).
    public let signature: SafeSignature?
    /// The current owners' confirmations against the threshold.
    public let count: ConfirmationCount

    /// A SafeConfirmations value.
    public init(entry: SafeTransactionEntry, signature: SafeSignature?, count: ConfirmationCount) {
        self.entry = entry
        self.signature = signature
        self.count = count
    }
}

/// Signs a stored Safe transaction with a vault key. Works offline: the owners come from the
/// followed Safe, and a key that is not an owner is refused before any password is asked.
public struct SignSafeTransaction: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public let keyName: String
    public let password: @Sendable () throws -> String
    /// Whether a key that already signed is refused with `SafeError.alreadySigned` (a person
    /// pressing Sign twice), rather than answered with the signature already stored (a script repeating itself).
    public let refuseRepeat: Bool
    /// Whether the key signs the safeTxHash as an EIP-191 message (`eth_sign`, v 31/32) rather
    /// than as EIP-712: for a hardware wallet that signs no EIP-712 hashes.
    public let ethSign: Bool
    public init(safeTxHash: [UInt8], keyName: String, refuseRepeat: Bool = false, ethSign: Bool = false,
                password: @escaping @Sendable () throws -> String) {
        self.safeTxHash = safeTxHash
        self.keyName = keyName
        self.refuseRepeat = refuseRepeat
        self.ethSign = ethSign
        self.password = password
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeConfirmations { try await store.sign(self) }
}

/// The signature-exchange file of a stored transaction, with every signature collected.
public struct ExportSafeTransaction: SafeTransactionsAction {
    public let safeTxHash: [UInt8]
    public init(safeTxHash: [UInt8]) { self.safeTxHash = safeTxHash }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeTransactionFile {
        let entry = try await store.entry(safeTxHash)
        return try SafeTransactionFile(transaction: entry.transaction, signatures: entry.signatures)
    }
}

/// Imports a signature-exchange file: verified, its signatures passed through the signature gate
/// (owners of the followed Safe only; approved-hash entries and contract signatures checked on
/// `chain` when one is given and reachable, otherwise set aside, never counted), and merged with
/// the signatures already here.
public struct ImportSafeTransaction: SafeTransactionsAction {
    public let json: String
    public let chain: ChainSelection?
    public init(json: String, chain: ChainSelection? = nil) {
        self.json = json
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeImportResult { try await store.importFile(json, chain: chain) }
}

/// What an import added.
public struct SafeImportResult: Sendable, Equatable {
    public let entry: SafeTransactionEntry
    /// Owners whose signatures were new here, or replaced the one kept here.
    public let added: [Address]
    /// The current owners' confirmations against the threshold, after the import.
    public let count: ConfirmationCount
    /// Signatures that were not counted, each with why.
    public let setAside: [SetAsideApproval]

    /// An import's result (for previews and tests).
    public init(entry: SafeTransactionEntry, added: [Address], count: ConfirmationCount, setAside: [SetAsideApproval]) {
        self.entry = entry
        self.added = added
        self.count = count
        self.setAside = setAside
    }
}

extension SafeTransactionsStore {
    func sign(_ s: SignSafeTransaction) async throws -> SafeConfirmations {
        let entry = try await entry(s.safeTxHash)
        guard entry.status == .queued else { throw SafeError.alreadyExecuted(Hex.encode(s.safeTxHash)) }
        let safe = try await followedSafe(of: entry.transaction)
        let account = try await keys.account(named: s.keyName)
        guard safe.owners.contains(account.address) else { throw SafeError.notAnOwner(signer: account.address, safe: safe.address) }
        // A claim stored for this owner (approved hash, contract) is no reason not to sign: the real signature replaces it.
        if let existing = entry.signatures.first(where: { $0.owner == account.address }), existing.provesOwner {
            if s.refuseRepeat { throw SafeError.alreadySigned(owner: account.address, key: account.name) }
            return try await confirmations(entry, safe: safe, signature: existing)
        }
        let signer = try await keys.signer(name: s.keyName, password: s.password)
        let signature = s.ethSign ? try await signer.safeEthSignSignature(safeTxHash: entry.safeTxHash)
            : try await signer.safeSignature(preimage: try entry.transaction.encodedData())
        let updated = try await admit([signature], of: entry.transaction, safeTxHash: entry.safeTxHash, safe: safe, chain: nil).entry
        return try await confirmations(updated, safe: safe, signature: signature)
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
        var chain: Chain?
        if let selection { chain = try? await connector.connect(selection) }
        let (entry, added, setAside) = try await admit(file.signatures, of: tx, safeTxHash: file.safeTxHash, safe: safe, chain: chain)
        return SafeImportResult(entry: entry, added: added, count: try await count(entry, safe: safe), setAside: setAside)
    }
}

extension SafeRoom {
    /// Stores `tx` (new ones as queued) and merges `signatures` into its stored ones by
    /// `ConfirmationSet`'s rule; returns the owners whose signature was added or replaced.
    func merge(_ tx: SafeTx, safeTxHash: [UInt8], signatures: [SafeSignature]) async throws -> (SafeTransactionEntry, added: [Address]) {
        let fresh = SafeTransactionEntry(transaction: tx, safeTxHash: safeTxHash, signatures: [], status: .queued, executionHash: nil,
                                         summary: SafeSummary.describe(tx), createdAt: now(), updatedAt: now())
        let (entry, changed) = try await storage.merge(signatures, into: fresh)
        return (entry, changed.map(\.owner))
    }

    func confirmations(_ entry: SafeTransactionEntry, safe: Safe, signature: SafeSignature?) async throws -> SafeConfirmations {
        SafeConfirmations(entry: entry, signature: signature, count: try await count(entry, safe: safe))
    }
}
