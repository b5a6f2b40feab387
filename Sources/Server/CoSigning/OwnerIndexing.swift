import BigInt
import CoSigningStorage
import EthereumKit
import Networking
import SafeKit

/// Reads the whole chain's `SafeSetup` and `AddedOwner` logs, from any contract, into the owner
/// index, so that `owners/{o}/safes` can name a Safe the server has stored nothing for. It starts
/// at `from` and reads at most `span` blocks a pass, so a long backfill never holds up the
/// follower. What it stores only nominates: `CoSigningStore.safes(ownedBy:)` reads each Safe on chain before naming it.
struct OwnerIndexing: Sendable {
    let storage: any CoSigningStorage
    let remote: EthereumRemote
    let from: BigUInt
    let span: BigUInt

    /// Reads on from where the last pass stopped, up to `head`.
    func step(chainID: BigUInt, head: BigUInt) async throws {
        let start = try await storage.ownerIndexBlock(chainID: chainID).map { $0 + 1 } ?? from
        guard start <= head else { return }
        let end = min(head, start + span - 1)
        let logs = try await remote.logs(LogFilter(topics: [SafeOwnerEvents.topics]), from: start, to: end)
        var nominations: [OwnerNomination] = []
        for log in logs where log.isFact(from: nil) {
            nominations += SafeOwnerEvents.owners(topics: log.topics, data: log.data).map { OwnerNomination(owner: $0, safe: log.address) }
        }
        try await storage.indexOwners(Array(Set(nominations)), through: end, chainID: chainID)
    }

    /// After a reorganisation, reads again from the last block that stands.
    func rewind(to block: BigUInt, chainID: BigUInt) async throws {
        guard let indexed = try await storage.ownerIndexBlock(chainID: chainID), indexed > block else { return }
        try await storage.indexOwners([], through: block, chainID: chainID)
    }
}
