import BigInt
import SafeKit
import Storage

/// What a form composing a transaction for a Safe offers to pick from, read once: the Safe's
/// owners, threshold and nonce, its ether and token balances, the queue's nonces, and the
/// addresses a recipient is likely to be.
public struct SafeComposeContext: Sendable, Equatable {
    public let safe: Safe
    public let balance: EtherAmount
    public let tokens: [TokenBalance]
    /// The transactions queued for the Safe, by nonce.
    public let queued: [SafeTransactionEntry]
    /// The address book's entries on the Safe's chain.
    public let addressBook: [AddressBookEntry]

    /// A context of these facts.
    public init(safe: Safe, balance: EtherAmount, tokens: [TokenBalance], queued: [SafeTransactionEntry], addressBook: [AddressBookEntry]) {
        self.safe = safe
        self.balance = balance
        self.tokens = tokens
        self.queued = queued.sorted { $0.transaction.nonce < $1.transaction.nonce }
        self.addressBook = addressBook
    }

    /// The nonce a new transaction takes unless one is given: the next after the queue, as proposing picks it.
    public var nextNonce: BigUInt {
        safe.nextFreeNonce(after: queued)
    }

    /// The thresholds a transaction of `kind` may set, for a Safe of this many owners.
    public func thresholds(for kind: SafeIntentDraft.Kind) -> [BigUInt] {
        let owners = safe.owners.count
        let most: Int
        switch kind {
        case .addOwner: most = owners + 1
        case .removeOwner: most = max(owners - 1, 1)
        default: most = owners
        }
        return (1...max(most, 1)).map { BigUInt($0) }
    }

    /// Recipients to suggest: the address book's, then the owners, each once.
    public var suggestions: [Address] {
        var seen = Set<Address>(), out: [Address] = []
        for a in addressBook.map(\.address) + safe.owners where seen.insert(a).inserted { out.append(a) }
        return out
    }

    /// What choosing `nonce` does to the queue, in words; nil when it takes a free nonce in order.
    public func nonceWarning(_ nonce: BigUInt) -> String? {
        if nonce < safe.nonce { return "nonce \(nonce) is used: the Safe is at nonce \(safe.nonce)" }
        let taken = queued.filter { $0.transaction.nonce == nonce }
        if !taken.isEmpty {
            let what = taken.map { "“\($0.summary)”" }.joined(separator: ", ")
            return "nonce \(nonce) replaces the queued \(what): only one of them can ever run"
        }
        if nonce > nextNonce { return "nonce \(nonce) leaves a gap: nonce \(nextNonce) must be used first, so it cannot run until then" }
        return nil
    }
}

/// Reads a Safe for a compose form: one batch to the chain (the Safe with its known tokens), then
/// this home's queue and address book. Stores nothing new.
public struct SafeComposeQuery: SafeReviewAction {
    public let safe: Address
    public let chain: ChainSelection
    public init(safe: Address, chain: ChainSelection) {
        self.safe = safe
        self.chain = chain
    }
    public func perform(on store: SafeReviewStore) async throws -> SafeComposeContext {
        let chain = try await store.connector.connect(self.chain)
        let state = try await store.refresh(safe, chain: chain)
        let queued = try await store.storage.transactions(chainID: state.safe.chainID, safe: safe, status: .queued)
        let book = (try? await store.addressBook?.entries(chainID: state.safe.chainID)) ?? []
        return SafeComposeContext(safe: state.safe, balance: state.balance, tokens: state.tokens, queued: queued, addressBook: book)
    }
}
