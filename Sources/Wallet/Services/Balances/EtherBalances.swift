import BigInt
import Networking
import Storage

/// The ether balances of several addresses (e.g. the vault's keys, to choose who pays the gas),
/// read in one JSON-RPC batch with the chain ID.
public struct FetchEtherBalances: BalanceAction {
    public let addresses: [Address]
    public let chain: ChainSelection
    public init(addresses: [Address], chain: ChainSelection) {
        self.addresses = addresses
        self.chain = chain
    }
    public func perform(on store: BalanceStore) async throws -> [Address: EtherAmount] { try await store.etherBalances(self) }
}

extension BalanceStore {
    func etherBalances(_ f: FetchEtherBalances) async throws -> [Address: EtherAmount] {
        let addresses = Array(Set(f.addresses))
        guard !addresses.isEmpty else { return [:] }
        let chain = try await connector.connect(f.chain)
        let r = EthereumRemote.Requests.self
        var batch = RPCBatch()
        let chainSlot = batch.add(r.chainID())
        let slots = addresses.map { batch.add(r.balance(of: $0)) }
        let answers = try await chain.remote.send(batch)
        _ = try chain.verify(chainID: try answers.get(chainSlot))
        var balances: [Address: EtherAmount] = [:]
        for (address, slot) in zip(addresses, slots) { balances[address] = EtherAmount(wei: try answers.get(slot)) }
        return balances
    }
}
