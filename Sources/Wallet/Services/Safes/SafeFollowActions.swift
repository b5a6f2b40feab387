import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// Follows an existing Safe: reads it in one batch and stores it.
public struct AddSafe: SafeAccountAction {
    public let address: Address
    public let name: String?
    public let chain: ChainSelection
    public init(address: Address, name: String?, chain: ChainSelection) {
        self.address = address
        self.name = name
        self.chain = chain
    }
    public func perform(on store: SafeAccountStore) async throws -> SafeState {
        let chain = try await store.connector.connect(self.chain)
        return try await store.refresh(address, chain: chain, name: name, follow: true)
    }
}

/// The Safe's current state, read fresh from the chain (and stored when followed).
public struct SafeInfoQuery: SafeAccountAction {
    public let address: Address
    public let chain: ChainSelection
    public init(address: Address, chain: ChainSelection) {
        self.address = address
        self.chain = chain
    }
    public func perform(on store: SafeAccountStore) async throws -> SafeState { try await store.info(self) }
}

extension SafeAccountStore {
    /// The Safe's state, which owners are contracts, and what is off about its setup. The owners last stored have their code
    /// read in the same batch; only owners new since then cost a second round trip.
    func info(_ q: SafeInfoQuery) async throws -> SafeState {
        let chain = try await connector.connect(q.chain)
        var known: [Address] = []
        if let id = chain.network?.chainID, let stored = try await storage.safe(chainID: id, address: q.address) { known = stored.owners }
        let r = EthereumRemote.Requests.self
        let (state, knownCodes, answers) = try await refresh(q.address, chain: chain) { batch in known.map { batch.add(r.code(at: $0)) } }
        var isContract: [Address: Bool] = [:]
        for (owner, code) in zip(known, knownCodes) { isContract[owner] = try answers.get(code).isEmpty == false }
        let unknown = state.safe.owners.filter { isContract[$0] == nil }
        if !unknown.isEmpty {
            let codes = try await chain.remote.batch(unknown.map { r.code(at: $0) })
            for (owner, code) in zip(unknown, codes) { isContract[owner] = !(try code.get()).isEmpty }
        }
        let names = await connector.contractNames(chainID: state.safe.chainID)
        return state.judged(by: names, contractOwners: state.safe.owners.filter { isContract[$0] == true })
    }
}

/// Followed Safes as last read, without touching the network.
public struct ListSafes: SafeAccountAction {
    public init() {}
    public func perform(on store: SafeAccountStore) async throws -> [Safe] { try await store.storage.safes() }
}

/// Followed Safes as a live query: the current list, then each change, whoever wrote it.
public struct ObserveSafes: SafeAccountAction {
    public init() {}
    public func perform(on store: SafeAccountStore) async throws -> ResultsController<Safe> { store.storage.observeSafes() }
}
