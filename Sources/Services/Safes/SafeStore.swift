import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Safes: following, deploying, proposing, collecting signatures, executing, and history. Reads
/// go out as one batch per step; signing works offline from the stored owners.
public struct SafeStore: Sendable {
    let storage: SafeStorage
    let tokens: TokenStorage
    let keys: KeyStore
    let connector: ChainConnector
    let transactions: TransactionStore
    let http: any Networking.Network
    /// Names the look-alike check compares recipients with; none when not given.
    let addressBook: AddressBookStorage?
    let now: @Sendable () -> Date

    /// A Safe store writing to `storage`, signing with `keys`, sending through `transactions`.
    public init(storage: SafeStorage, tokens: TokenStorage, keys: KeyStore, connector: ChainConnector, transactions: TransactionStore,
                http: any Networking.Network, addressBook: AddressBookStorage? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.tokens = tokens
        self.keys = keys
        self.connector = connector
        self.transactions = transactions
        self.http = http
        self.addressBook = addressBook
        self.now = now
    }

    /// The followed Safe's tokens to show: whitelisted tokens of its chain, when the chain is known.
    func balanceQuery(for address: Address, chain: Chain, tokens wanted: [Address]? = nil) async -> BalanceQuery {
        var chainID = chain.network?.chainID
        if chainID == nil { chainID = (try? await storage.safes(address: address))?.first?.chainID }
        var known = [Token]()
        if let chainID { known = (try? await tokens.tokens(chainID: chainID)) ?? [] }
        return BalanceQuery(address: address, tokens: wanted, known: known)
    }

    /// Reads the Safe from the chain and, when it is followed (or `follow`), stores what it read.
    func refresh(_ address: Address, chain: Chain, name: String? = nil, follow: Bool = false,
                 tokens wanted: [Address]? = nil) async throws -> SafeState {
        try await refresh(address, chain: chain, name: name, follow: follow, tokens: wanted) { _ in }.state
    }

    /// `refresh`, with what `extra` adds answered in the same round trip: its slots and the answers come back.
    func refresh<Extra>(_ address: Address, chain: Chain, name: String? = nil, follow: Bool = false, tokens wanted: [Address]? = nil,
                        also extra: (inout RPCBatch) -> Extra) async throws -> (state: SafeState, extra: Extra, answers: RPCBatchAnswers) {
        let query = await balanceQuery(for: address, chain: chain, tokens: wanted)
        let (read, added, answers) = try await SafeReader.read(address, chain: chain, tokens: query, now: now(), also: extra)
        let known = try await storage.safe(chainID: read.safe.chainID, address: address)
        let safe = read.safe.named(name ?? known?.name)
        // Writing an unchanged Safe would wake every observer of the home (pages, lists) for nothing.
        if known.map({ !$0.sameState(as: safe) }) ?? follow { try await storage.save(safe) }
        return (SafeState(safe: safe, balance: read.balance, tokens: read.tokens, singleton: read.singleton), added, answers)
    }

    /// A stored transaction, or a clear error.
    func entry(_ safeTxHash: [UInt8]) async throws -> SafeTransactionEntry {
        guard let entry = try await storage.transaction(safeTxHash: safeTxHash) else { throw SafeError.unknownTransaction(Hex.encode(safeTxHash)) }
        return entry
    }

    /// The followed Safe a transaction belongs to.
    func followedSafe(of tx: SafeTx) async throws -> Safe {
        guard let chainID = tx.chainID, let safe = try await storage.safe(chainID: chainID, address: tx.safe) else {
            throw SafeError.unknownSafe(tx.safe)
        }
        return safe
    }
}
