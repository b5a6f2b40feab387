import BigInt
import Networking
import SafeKit
import Storage

extension SafeRoom {
    /// Nested Safes read to at most this depth below the reviewed one, and at most this many
    /// addresses a level, so a hostile web of Safes costs a bounded read.
    static var ownershipDepth: Int { 3 }
    static var ownershipBreadth: Int { SafeStateProbe.listLimit }

    /// The risks of `safe` having `after`'s owners and threshold: read, one batch per level, which
    /// of its owners are Safes and who owns those, and take the followed Safes it is an owner of
    /// from the home; then ask `SafeOwnership` whether every Safe can still reach its threshold.
    func ownershipRisks(of safe: Address, after: SafeStateSnapshot, chain: Chain, at block: BlockTag) async -> [SafeRisk] {
        var graph = SafeOwnership([safe: .init(owners: after.owners, threshold: after.threshold)])
        var frontier = Array(after.owners.prefix(Self.ownershipBreadth)), seen = Set(after.owners + [safe])
        let r = EthereumRemote.Requests.self
        for _ in 0..<Self.ownershipDepth where !frontier.isEmpty {
            var batch = RPCBatch()
            let reads = frontier.map { owner in
                (owner, batch.add(r.code(at: owner, at: block)), batch.add(r.call(CallRequest(to: owner, data: SafeContract.getOwners), at: block)),
                 batch.add(r.call(CallRequest(to: owner, data: SafeContract.getThreshold), at: block)))
            }
            guard let answers = try? await chain.remote.send(batch) else { break }
            var next: [Address] = []
            for (owner, code, owners, threshold) in reads {
                guard let code = try? answers.get(code), !code.isEmpty,
                      let owners = try? SafeContract.decodeOwners(try answers.get(owners)), !owners.isEmpty,
                      let threshold = try? SafeContract.decodeUInt(try answers.get(threshold), call: "getThreshold") else { continue }
                graph.safes[owner] = .init(owners: owners, threshold: threshold)
                next += owners.filter { seen.insert($0).inserted }
            }
            frontier = Array(next.prefix(Self.ownershipBreadth))
        }
        var followed: [Safe] = []
        if let chainID = chain.network?.chainID { followed = (try? await storage.safes(chainID: chainID)) ?? [] }
        let owned = followed.filter { $0.owners.contains(safe) && $0.address != safe }
        for parent in owned where graph.safes[parent.address] == nil {
            graph.safes[parent.address] = .init(owners: parent.owners, threshold: parent.threshold)
        }
        return graph.risks(for: safe, owned: owned.map(\.address))
    }
}
