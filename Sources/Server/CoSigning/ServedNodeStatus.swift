import BigInt
import Networking
import Services

/// The node the server reads, in one batch: its software, head, chain and whether it is syncing.
/// A node that answers the head and chain but not the rest still gives a status, as the official
/// service words the gaps.
public struct ServedNodeStatus: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> ServiceWireNodeStatus {
        let r = EthereumRemote.Requests.self
        var batch = RPCBatch()
        let version = batch.add(r.clientVersion()), head = batch.add(r.blockNumber()), chainID = batch.add(r.chainID()), syncing = batch.add(r.syncing())
        let answers = try await store.chain.remote.send(batch)
        return ServiceWireNodeStatus(version: try? answers.get(version), blockNumber: try answers.get(head),
                                     chainID: try store.chain.verify(chainID: try answers.get(chainID)), syncing: try? answers.get(syncing))
    }
}
