import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A Safe store: the steps every one of them takes (reading a Safe, a stored transaction, the
/// signature gate) live once, in this protocol's extensions, over its `context`.
protocol SafeRoom: Sendable {
    var context: SafeContext { get }
}

extension SafeRoom {
    var storage: SafeStorage { context.storage }
    var tokens: TokenStorage { context.tokens }
    var keys: KeyStore { context.keys }
    var connector: ChainConnector { context.connector }
    var transactions: TransactionStore { context.transactions }
    var http: any Networking.Network { context.http }
    var addressBook: AddressBookStorage? { context.addressBook }
    var now: @Sendable () -> Date { context.now }

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
        let undeployed = try await storage.safes(address: address).filter { !$0.isDeployed }
        let (read, added, answers) = try await SafeReader.read(address, chain: chain, tokens: query, now: now(), undeployed: undeployed, also: extra)
        let known = try await storage.safe(chainID: read.safe.chainID, address: address)
        let safe = read.safe.named(name ?? known?.name)
        // Writing an unchanged Safe would wake every observer of the home (pages, lists) for nothing.
        if known.map({ !$0.sameState(as: safe) }) ?? follow { try await storage.save(safe) }
        return (SafeState(safe: safe, balance: read.balance, tokens: read.tokens, singleton: read.singleton, moduleGuard: read.moduleGuard), added, answers)
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
