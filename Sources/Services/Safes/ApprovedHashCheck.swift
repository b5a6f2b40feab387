import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// An approved-hash (v = 1) confirmation that was not counted, and why.
public struct SetAsideApproval: Sendable, Equatable, CustomStringConvertible {
    /// Why the claim could not be taken as a confirmation.
    public enum Reason: Sendable, Equatable {
        /// The Safe's `approvedHashes(owner, hash)` is zero: the owner never approved on chain.
        case notApprovedOnChain
        /// No node could be asked; the text says why.
        case unverifiable(String)
    }

    public let owner: Address
    public let reason: Reason

    public var description: String {
        switch reason {
        case .notApprovedOnChain: return "the approved-hash confirmation of \(owner.checksummed) is not approved on chain"
        case .unverifiable(let why): return "the approved-hash confirmation of \(owner.checksummed) could not be checked on chain (\(why))"
        }
    }

    /// A set-aside claim.
    public init(owner: Address, reason: Reason) {
        self.owner = owner
        self.reason = reason
    }
}

/// A v = 1 signature is only `r = owner, s = 0, v = 1`: anyone can write one, so it is a claim
/// that the owner called `approveHash`. It counts only once the Safe's `approvedHashes` says so.
enum ApprovedHashCheck {
    /// Keeps every ECDSA and eth_sign signature, and the approved-hash claims the chain confirms.
    static func verify(_ signatures: [SafeSignature], safe: Safe, safeTxHash: [UInt8], chain: Chain?)
        async -> (kept: [SafeSignature], setAside: [SetAsideApproval]) {
        let claims = signatures.filter { $0.kind == .approvedHash }
        var kept = signatures.filter { $0.kind != .approvedHash }
        guard !claims.isEmpty else { return (kept, []) }
        guard let chain else {
            return (kept, claims.map { SetAsideApproval(owner: $0.owner, reason: .unverifiable("no network is configured")) })
        }
        var setAside: [SetAsideApproval] = []
        do {
            // Another chain's state says nothing about this Safe's approvals.
            let chainID = try await chain.remote.chainID()
            guard chainID == safe.chainID else {
                let why = "the node is on chain \(chainID), the Safe on chain \(safe.chainID)"
                return (kept, claims.map { SetAsideApproval(owner: $0.owner, reason: .unverifiable(why)) })
            }
            var requests: [RPCRequest<[UInt8]>] = []
            for claim in claims {
                requests.append(EthereumRemote.Requests.call(CallRequest(to: safe.address, data: try SafeContract.approvedHashes(owner: claim.owner, hash: safeTxHash))))
            }
            let answers = try await chain.remote.batch(requests)
            for (claim, answer) in zip(claims, answers) {
                let approved = (try? answer.get()).flatMap { try? SafeContract.decodeUInt($0, call: "approvedHashes") }
                switch approved {
                case let v? where v > 0: kept.append(claim)
                case .some: setAside.append(SetAsideApproval(owner: claim.owner, reason: .notApprovedOnChain))
                case nil: setAside.append(SetAsideApproval(owner: claim.owner, reason: .unverifiable("the node did not answer approvedHashes")))
                }
            }
        } catch {
            setAside = claims.map { SetAsideApproval(owner: $0.owner, reason: .unverifiable("\(error)")) }
        }
        return (kept, setAside)
    }
}
