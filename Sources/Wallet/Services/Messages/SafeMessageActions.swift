import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A stored Safe message with where its signatures stand: the followed Safe's owners against its
/// threshold, and the final signature for the app once enough owners signed.
public struct SafeMessageDetail: Sendable, Equatable {
    public let entry: SafeMessageEntry
    public let count: ConfirmationCount
    /// The message's own digest (what an app asks `isValidSignature` about).
    public let digest: [UInt8]
    /// The owners' signatures packed as the Safe reads them, once the threshold is met.
    public let finalSignature: [UInt8]?

    /// Where `entry`'s signatures stand against `safe`'s owners and threshold: the wallet and the
    /// co-signing server both answer with this. A contract signature by one of `ownerSafes` (owner
    /// Safes known here) counts only once its own owners' signatures inside meet its threshold, so
    /// a child Safe still collecting does not make the final signature early.
    public init(_ entry: SafeMessageEntry, safe: Safe, ownerSafes: [Safe] = []) {
        let subject = (try? entry.safeMessage()).flatMap { try? SignedSubject.message($0) }
        let counted = safe.counted(entry.signatures, of: subject, ownerSafes: ownerSafes)
        let count = safe.count(ConfirmationSet(counted))
        var final: [UInt8]?
        if count.isReady, let needed = Int(exactly: safe.threshold) {
            let owners = counted.filter { safe.owners.contains($0.owner) }.sorted { $0.owner < $1.owner }
            final = SafeMessage.finalSignature(Array(owners.prefix(needed)))
        }
        self.entry = entry
        self.count = count
        self.digest = (try? entry.safeMessage().digest()) ?? []
        self.finalSignature = final
    }
}

/// Proposes a message for a followed Safe to sign, and signs it at once with `keyName` when given.
public struct ProposeSafeMessage: SafeMessageAction {
    public let safe: Address
    public let content: SafeMessage.Content
    public let keyName: String?
    public let password: @Sendable () throws -> String
    public init(safe: Address, content: SafeMessage.Content, keyName: String? = nil, password: @escaping @Sendable () throws -> String = { "" }) {
        self.safe = safe
        self.content = content
        self.keyName = keyName
        self.password = password
    }
    public func perform(on store: SafeMessageStore) async throws -> SafeMessageDetail { try await store.propose(self) }
}

/// Signs a stored message with an owner's vault key; offline, from the followed Safe's owners.
/// With `ownerSafe`, the key signs for that owner, itself a Safe: its SafeMessage hash of what the
/// message's Safe will ask it, growing its contract signature (EIP-1271, v = 0).
public struct SignSafeMessage: SafeMessageAction {
    public let messageHash: [UInt8]
    public let keyName: String
    public let ownerSafe: Address?
    public let password: @Sendable () throws -> String
    public init(messageHash: [UInt8], keyName: String, ownerSafe: Address? = nil, password: @escaping @Sendable () throws -> String) {
        self.messageHash = messageHash
        self.keyName = keyName
        self.ownerSafe = ownerSafe
        self.password = password
    }
    public func perform(on store: SafeMessageStore) async throws -> SafeMessageDetail { try await store.sign(self) }
}

/// A stored message and where its signatures stand.
public struct SafeMessageQuery: SafeMessageAction {
    public let messageHash: [UInt8]
    public init(messageHash: [UInt8]) { self.messageHash = messageHash }
    public func perform(on store: SafeMessageStore) async throws -> SafeMessageDetail { try await store.messageDetail(messageHash) }
}

/// The messages of a followed Safe, newest first, with where each stands.
public struct ListSafeMessages: SafeMessageAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }
    public func perform(on store: SafeMessageStore) async throws -> [SafeMessageDetail] { try await store.messages(of: safe) }
}

/// Asks the Safe on chain whether the collected signatures sign the message (EIP-1271).
public struct VerifySafeMessage: SafeMessageAction {
    public let messageHash: [UInt8]
    public let chain: ChainSelection
    public init(messageHash: [UInt8], chain: ChainSelection) {
        self.messageHash = messageHash
        self.chain = chain
    }
    public func perform(on store: SafeMessageStore) async throws -> SafeMessageVerdict { try await store.verify(self) }
}

/// The exchange file of a stored message, with every signature collected.
public struct ExportSafeMessage: SafeMessageAction {
    public let messageHash: [UInt8]
    public init(messageHash: [UInt8]) { self.messageHash = messageHash }
    public func perform(on store: SafeMessageStore) async throws -> SafeMessageFile {
        let (entry, _) = try await store.storedMessage(messageHash)
        return try SafeMessageFile(message: try entry.safeMessage(), signatures: entry.signatures)
    }
}

/// Imports a message exchange file: verified, checked against the followed Safe's chain and
/// release, its signatures passed through the signature gate as a transaction file's are
/// (approved hashes and contract signatures checked on `chain`, or set aside), and merged with
/// the signatures already here.
public struct ImportSafeMessage: SafeMessageAction {
    public let json: String
    public let chain: ChainSelection?
    public init(json: String, chain: ChainSelection? = nil) {
        self.json = json
        self.chain = chain
    }
    public func perform(on store: SafeMessageStore) async throws -> SafeMessageImportResult { try await store.importMessage(json, chain: chain) }
}

/// What a message import stored, and what it did not count.
public struct SafeMessageImportResult: Sendable, Equatable {
    /// The message and where its signatures stand after the import.
    public let detail: SafeMessageDetail
    /// Signatures that were not counted, each with why.
    public let setAside: [SetAsideApproval]

    /// An import's result.
    public init(detail: SafeMessageDetail, setAside: [SetAsideApproval]) {
        self.detail = detail
        self.setAside = setAside
    }
}

/// What the Safe answered about a message's signature.
public struct SafeMessageVerdict: Sendable, Equatable {
    /// Whether `isValidSignature` returned EIP-1271's magic value.
    public let valid: Bool
    /// Why not, in the Safe's or the node's words.
    public let reason: String?
    /// The signature asked about.
    public let signature: [UInt8]

    /// A verdict.
    public init(valid: Bool, reason: String?, signature: [UInt8]) {
        self.valid = valid
        self.reason = reason
        self.signature = signature
    }
}

extension SafeMessageStore {
    func propose(_ p: ProposeSafeMessage) async throws -> SafeMessageDetail {
        guard let safe = try await storage.safes(address: p.safe).first else { throw SafeError.unknownSafe(p.safe) }
        guard let version = safe.safeVersion else { throw SafeError.unsupportedVersion(address: safe.address, version: safe.version) }
        let message = SafeMessage(safe: safe.address, chainID: safe.chainID, version: version, content: p.content)
        var proposer: Address?
        if let name = p.keyName { proposer = try await keys.account(named: name).address }
        let proposed = try SafeMessageEntry(message, proposer: proposer, at: now())
        // Proposing a message already here keeps the stored one (and its signatures).
        let existing = try await storage.message(messageHash: proposed.messageHash)
        if existing == nil { try await storage.save(proposed) }
        let entry = existing ?? proposed
        guard let name = p.keyName else { return try await detail(entry, safe: safe) }
        return try await sign(SignSafeMessage(messageHash: entry.messageHash, keyName: name, password: p.password))
    }

    func sign(_ s: SignSafeMessage) async throws -> SafeMessageDetail {
        let (entry, safe) = try await storedMessage(s.messageHash)
        if let address = s.ownerSafe {
            let (ownerSafe, version) = try await ownerSafe(address, of: safe, keyName: s.keyName, answering: try entry.safeMessage().ownerQuestion())
            let childPreimage = try entry.safeMessage().childMessagePreimage(child: ownerSafe.address, childVersion: version)
            let earlier = entry.signatures.first { $0.owner == ownerSafe.address && $0.kind == .contract }
            let (signature, replacesStored) = try await contractSignature(of: ownerSafe, over: childPreimage, growing: earlier, keyName: s.keyName,
                                                                          password: s.password)
            if replacesStored { try await storage.withdrawMessageSignature(of: ownerSafe.address, from: entry.messageHash) }
            let (signed, setAside) = try await admit([signature], to: try await storedMessage(entry.messageHash).0, safe: safe, chain: nil)
            if let refused = setAside.first { throw SafeError.signatureRefused(refused.description) }
            return try await detail(signed, safe: safe)
        }
        let account = try await keys.account(named: s.keyName)
        guard safe.owners.contains(account.address) else { throw SafeError.notAnOwner(signer: account.address, safe: safe.address) }
        guard !entry.signatures.contains(where: { $0.owner == account.address && $0.provesOwner }) else { return try await detail(entry, safe: safe) }
        let signer = try await keys.signer(name: s.keyName, password: s.password)
        let signature = try await signer.safeSignature(preimage: try entry.safeMessage().preimage())
        let signed = try await admit([signature], to: entry, safe: safe, chain: nil).entry
        return try await detail(signed, safe: safe)
    }

    func messageDetail(_ hash: [UInt8]) async throws -> SafeMessageDetail {
        let (entry, safe) = try await storedMessage(hash)
        return try await detail(entry, safe: safe)
    }

    func messages(of address: Address) async throws -> [SafeMessageDetail] {
        guard let safe = try await storage.safes(address: address).first else { throw SafeError.unknownSafe(address) }
        var details: [SafeMessageDetail] = []
        for entry in try await storage.messages(chainID: safe.chainID, safe: safe.address) { details.append(try await detail(entry, safe: safe)) }
        return details
    }

    func verify(_ v: VerifySafeMessage) async throws -> SafeMessageVerdict {
        let detail = try await messageDetail(v.messageHash)
        let signature = detail.finalSignature ?? SafeSignature.pack(detail.entry.signatures)
        let chain = try await connector.connect(v.chain)
        let call = try detail.entry.safeMessage().validationCall(signature: signature)
        let answer: Result<[UInt8], NetworkError>
        do { answer = .success(try await chain.remote.call(CallRequest(to: detail.entry.safe, data: call))) } catch { answer = .failure(error) }
        switch answer {
        case .success(let bytes):
            let valid = SafeMessage.accepts(bytes)
            return SafeMessageVerdict(valid: valid, reason: valid ? nil : "the Safe answered \(Hex.encode(Array(bytes.prefix(4)))), not the magic value",
                                      signature: signature)
        case .failure(let error):
            guard case .rpc(_, let message, _) = error else { throw error }
            let reason = error.revertData.map { SafeRevertCodes.describe(RevertReason.describe($0)) } ?? message
            return SafeMessageVerdict(valid: false, reason: reason, signature: signature)
        }
    }

    func importMessage(_ json: String, chain selection: ChainSelection?) async throws -> SafeMessageImportResult {
        let file: SafeMessageFile
        do { file = try SafeMessageFile(json: json) } catch { throw SafeError.importRejected(error.description) }
        let message = file.message
        guard let safe = try await storage.safe(chainID: message.chainID, address: message.safe) else { throw SafeError.unknownSafe(message.safe) }
        if let version = safe.safeVersion, version != message.version {
            throw SafeError.importRejected("the file hashes as Safe \(message.version.rawValue) but the Safe is \(version.rawValue)")
        }
        var chain: Chain?
        if let selection { chain = try? await connector.connect(selection) }
        let entry = try await storage.message(messageHash: file.messageHash) ?? SafeMessageEntry(message, proposer: nil, at: now())
        let (merged, setAside) = try await admit(file.signatures, to: entry, safe: safe, chain: chain)
        return SafeMessageImportResult(detail: try await detail(merged, safe: safe), setAside: setAside)
    }

    /// A stored message and its followed Safe, or clear errors.
    func storedMessage(_ hash: [UInt8]) async throws -> (SafeMessageEntry, Safe) {
        guard let entry = try await storage.message(messageHash: hash) else { throw SafeError.unknownMessage(Hex.encode(hash)) }
        guard let safe = try await storage.safe(chainID: entry.chainID, address: entry.safe) else { throw SafeError.unknownSafe(entry.safe) }
        return (entry, safe)
    }

    /// Where `entry` stands, with the owner Safes followed here that signed it as contracts.
    func detail(_ entry: SafeMessageEntry, safe: Safe) async throws -> SafeMessageDetail {
        var ownerSafes: [Safe] = []
        for signature in entry.signatures where signature.kind == .contract {
            if let child = try await storage.safe(chainID: safe.chainID, address: signature.owner) { ownerSafes.append(child) }
        }
        return SafeMessageDetail(entry, safe: safe, ownerSafes: ownerSafes)
    }
}
