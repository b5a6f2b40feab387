import BigInt
import Networking
import SafeKit
import Storage

/// What an owner sees before signing, against blind signing: every call decoded, the warnings,
/// what a dry run as the Safe says, and the Safe as it would stand after.
public struct SafeTransactionReview: Sendable, Equatable {
    public let call: DecodedCall
    public let simulation: SafeSimulation
    public let effect: SafeEffect
    /// The events the Safe's execution of it would emit.
    public let events: SafeEmittedEvents
    /// The named risks beyond the after-state's changes (a refund, the nonce, a look-alike
    /// recipient, the Safe's own setup), the most severe first.
    public let risks: [SafeRisk]
    /// The block the simulation ran on, when the review was pinned to one.
    public let block: SimulatedBlock?
    /// The Safe the transaction is for, whose own configuration events the after-state lists.
    public let safe: Address?

    /// A review of `call` with `simulation`, `effect` and `risks`.
    public init(call: DecodedCall, simulation: SafeSimulation, effect: SafeEffect = .unavailable("not simulated"),
                events: SafeEmittedEvents = .unavailable("not simulated"), risks: [SafeRisk] = [], block: SimulatedBlock? = nil,
                safe: Address? = nil) {
        self.safe = safe
        self.call = call
        self.simulation = simulation
        self.effect = effect
        self.events = events
        self.risks = risks
        self.block = block
    }
}

/// The block a simulation ran on: its number and hash, so a record of the review can be checked
/// against the chain later.
public struct SimulatedBlock: Sendable, Hashable {
    public let number: BigUInt
    public let hash: [UInt8]

    /// A block.
    public init(number: BigUInt, hash: [UInt8]) {
        self.number = number
        self.hash = hash
    }
}

/// Reviews a Safe transaction, stored or a draft: decodes it trusting the official MultiSends and
/// the network's own, and simulates it as the Safe. Never fails for the node's sake: an unreachable
/// node makes the simulation `unavailable`, the decoding stands. A draft is reviewed the same way,
/// as the transaction it would be once proposed: not yet queued, so a queued transaction at its
/// nonce is one it would compete with.
public struct ReviewSafeTransaction: SafeReviewAction {
    /// What is reviewed.
    public enum Subject: Sendable, Equatable {
        /// A stored transaction, by its safeTxHash.
        case stored([UInt8])
        /// A transaction not proposed yet.
        case draft(SafeTransactionDraft)
    }
    public let subject: Subject
    public let chain: ChainSelection
    /// Run on the latest block, read first and named in the review, rather than whatever is latest.
    public let pinned: Bool
    /// Read the Safe before and after the call (one more batch of two calls).
    public let afterState: Bool
    /// The stored transaction whose hash is `safeTxHash`.
    public init(safeTxHash: [UInt8], chain: ChainSelection, pinned: Bool = false, afterState: Bool = true) {
        self.init(.stored(safeTxHash), chain: chain, pinned: pinned, afterState: afterState)
    }
    /// `draft`, stored nowhere.
    public init(draft: SafeTransactionDraft, chain: ChainSelection, pinned: Bool = false, afterState: Bool = true) {
        self.init(.draft(draft), chain: chain, pinned: pinned, afterState: afterState)
    }
    init(_ subject: Subject, chain: ChainSelection, pinned: Bool, afterState: Bool) {
        self.subject = subject
        self.chain = chain
        self.pinned = pinned
        self.afterState = afterState
    }
    public func perform(on store: SafeReviewStore) async throws -> SafeTransactionReview { try await store.review(self) }
}

extension SafeReviewStore {
    func review(_ r: ReviewSafeTransaction) async throws -> SafeTransactionReview {
        let tx: SafeTx
        var decoder: CallDecoder
        switch r.subject {
        case .stored(let hash):
            tx = try await entry(hash).transaction
            decoder = await connector.decoder(chainID: tx.chainID)
        case .draft(let draft):
            tx = draft.transaction
            // A draft's own functions are remembered only when it is proposed; its review reads them now.
            decoder = await connector.decoder(chainID: tx.chainID).adding(functions: draft.functions)
        }
        decoder = decoder.adding(tokens: await tokenUnits(chainID: tx.chainID))
        let call = decoder.decode(tx)
        // A transaction of a Safe this home does not follow is still reviewed, with fewer facts.
        let check = (try? await riskCheck(for: tx, decoder: decoder)) ?? SafeRiskCheck(safeNonce: tx.nonce)
        if let deployment = (try? await followedSafe(of: tx))?.undeployed {
            return await reviewBeforeDeployment(tx, call: call, risks: check.risks(of: tx, call: call), deployment: deployment, chain: r.chain)
        }
        do {
            let chain = try await connector.connect(r.chain)
            let names = await connector.contractNames(chainID: tx.chainID)
            var pinned: SimulatedBlock?
            if r.pinned {
                guard let latest = try await chain.remote.block(.latest) else { throw NetworkError.invalidResponse("the node has no latest block") }
                pinned = SimulatedBlock(number: latest.number, hash: latest.hash)
            }
            let at: BlockTag = pinned.map { .number($0.number) } ?? .latest
            async let simulation = SafeCallSimulation.run(tx, chain: chain, at: at)
            async let effect = r.afterState ? effect(of: tx, call: call, chain: chain, names: names, at: at) : .unavailable("not asked for")
            let reading = await effect
            let setup = reading.before.map { SafeRiskCheck.setupRisks($0, names: names) } ?? []
            var live = check
            if let before = reading.before { live.safeNonce = before.nonce }
            var nested: [SafeRisk] = []
            if let before = reading.before, let after = reading.after, before.owners != after.owners || before.threshold != after.threshold {
                nested = await ownershipRisks(of: tx.safe, after: after, chain: chain, at: at)
            }
            return SafeTransactionReview(call: call, simulation: await simulation, effect: reading.effect, events: reading.events,
                                         risks: live.risks(of: tx, call: call) + nested + setup, block: pinned, safe: tx.safe)
        } catch {
            return SafeTransactionReview(call: call, simulation: .unavailable(String(describing: error)),
                                         effect: .unavailable(String(describing: error)), events: .unavailable(String(describing: error)),
                                         risks: check.risks(of: tx, call: call), safe: tx.safe)
        }
    }

    /// The units of the tokens this home lists on `chainID`, by contract.
    func tokenUnits(chainID: BigUInt?) async -> [Address: TokenUnit] {
        guard let chainID, let listed = try? await tokens.tokens(chainID: chainID) else { return [:] }
        return Dictionary(listed.map { ($0.address, TokenUnit(symbol: $0.symbol, decimals: $0.decimals)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The facts the risk checks need, from this home: the Safe's nonce and owners as last read,
    /// the other queued nonces, and the addresses the user knows (owners, followed Safes, the
    /// address book, and everyone this Safe has paid through Bifrost).
    func riskCheck(for tx: SafeTx, decoder: CallDecoder) async throws -> SafeRiskCheck {
        let safe = try await followedSafe(of: tx)
        let all = try await storage.transactions(chainID: safe.chainID, safe: safe.address)
        var known: [Address: String] = [:]
        for entry in all where entry.status == .executed {
            for recipient in SafeRiskCheck.recipients(of: decoder.decode(entry.transaction)) { known[recipient] = "paid before" }
        }
        for followed in try await storage.safes(chainID: safe.chainID) {
            known[followed.address] = followed.name.map { "the followed Safe \($0)" } ?? "a followed Safe"
        }
        for entry in try await addressBook?.entries(chainID: safe.chainID) ?? [] { known[entry.address] = "\(entry.name) in the address book" }
        for owner in safe.owners { known[owner] = "an owner" }
        known[safe.address] = "this Safe"
        let hash = try tx.hash()
        let queued = all.filter { $0.status == .queued && $0.safeTxHash != hash }.map(\.transaction.nonce)
        return SafeRiskCheck(safeNonce: safe.nonce, queuedNonces: queued, known: known)
    }
}

