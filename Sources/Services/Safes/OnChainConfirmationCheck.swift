import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A confirmation that only the chain can vouch for (approved hash, v = 1, or contract, v = 0)
/// that was not counted, and why.
public struct SetAsideApproval: Sendable, Equatable, CustomStringConvertible {
    /// Why the claim could not be taken as a confirmation.
    public enum Reason: Sendable, Equatable {
        /// The Safe's `approvedHashes(owner, hash)` is zero: the owner never approved on chain.
        case notApprovedOnChain
        /// The owner contract's `isValidSignature` did not accept the signature.
        case contractRefused
        /// No node could be asked; the text says why.
        case unverifiable(String)
    }

    public let owner: Address
    public let reason: Reason
    /// Whether the claim was a contract signature rather than an approved hash.
    public let isContract: Bool

    public var description: String {
        let what = isContract ? "contract signature" : "approved-hash confirmation"
        switch reason {
        case .notApprovedOnChain: return "the approved-hash confirmation of \(owner.checksummed) is not approved on chain"
        case .contractRefused: return "the contract signature of \(owner.checksummed) is refused by its isValidSignature"
        case .unverifiable(let why): return "the \(what) of \(owner.checksummed) could not be checked on chain (\(why))"
        }
    }

    /// A set-aside claim.
    public init(owner: Address, reason: Reason, isContract: Bool = false) {
        self.owner = owner
        self.reason = reason
        self.isContract = isContract
    }
}

/// A v = 1 signature is only `r = owner, s = 0, v = 1`, and a v = 0 one is whatever bytes a
/// contract might accept: anyone can write either, so they are claims. An approved hash counts only
/// once the Safe's `approvedHashes` says so, a contract signature only once the owner contract's
/// `isValidSignature` accepts it, asked the way the Safe itself will ask.
enum OnChainConfirmationCheck {
    /// Keeps every ECDSA and eth_sign signature, and the claims the chain confirms. `alsoAsk`
    /// owners without any signature are asked about as approved-hash claims too: an owner (or an
    /// owner Safe, through its own transaction) may have called `approveHash` without telling anyone.
    static func verify(_ signatures: [SafeSignature], safe: Safe, tx: SafeTx, safeTxHash: [UInt8], chain: Chain?,
                       alsoAsk: [Address] = []) async -> (kept: [SafeSignature], setAside: [SetAsideApproval]) {
        do {
            return await verify(signatures, safe: safe, question: try ContractSignature.question(for: tx), hash: safeTxHash, chain: chain, alsoAsk: alsoAsk)
        } catch {
            return (signatures.filter { $0.kind != .approvedHash && $0.kind != .contract }, signatures.filter { $0.kind == .approvedHash || $0.kind == .contract }
                .map { SetAsideApproval(owner: $0.owner, reason: .unverifiable(error.description), isContract: $0.kind == .contract) })
        }
    }

    /// The same for any `hash` the Safe checks signatures of (a transaction's or a message's),
    /// asking owner contracts `question`.
    static func verify(_ signatures: [SafeSignature], safe: Safe, question: OwnerQuestion, hash safeTxHash: [UInt8], chain: Chain?,
                       alsoAsk: [Address] = []) async -> (kept: [SafeSignature], setAside: [SetAsideApproval]) {
        let claims = signatures.filter { $0.kind == .approvedHash || $0.kind == .contract }
        var kept = signatures.filter { $0.kind != .approvedHash && $0.kind != .contract }
        let silent = alsoAsk.filter { owner in !signatures.contains { $0.owner == owner } }.map(SafeSignature.approvedHash(by:))
        guard !claims.isEmpty || !silent.isEmpty else { return (kept, []) }
        func unverifiable(_ why: String) -> [SetAsideApproval] {
            claims.map { SetAsideApproval(owner: $0.owner, reason: .unverifiable(why), isContract: $0.kind == .contract) }
        }
        guard let chain else { return (kept, unverifiable("no network is configured")) }
        var setAside: [SetAsideApproval] = []
        do {
            // Another chain's state says nothing about this Safe's approvals.
            let chainID = try await chain.remote.chainID()
            guard chainID == safe.chainID else { return (kept, unverifiable("the node is on chain \(chainID), the Safe on chain \(safe.chainID)")) }
            let asked = claims + silent
            let requests = try asked.map { claim in
                claim.kind == .contract
                    ? EthereumRemote.Requests.call(CallRequest(from: safe.address, to: claim.owner,
                                                               data: try question.call(signature: claim.contractData)))
                    : EthereumRemote.Requests.call(CallRequest(to: safe.address, data: try SafeContract.approvedHashes(owner: claim.owner, hash: safeTxHash)))
            }
            let answers = try await chain.remote.batch(requests)
            for (index, (claim, answer)) in zip(asked, answers).enumerated() {
                let isSilent = index >= claims.count
                if claim.kind == .contract {
                    switch answer {
                    case .success(let data) where question.accepts(data): kept.append(claim)
                    case .success: setAside.append(SetAsideApproval(owner: claim.owner, reason: .contractRefused, isContract: true))
                    case .failure(let error):
                        // A revert is the contract's refusal; anything else leaves the question open.
                        let refused = if case .rpc? = error as? NetworkError { true } else { false }
                        setAside.append(SetAsideApproval(owner: claim.owner, reason: refused ? .contractRefused : .unverifiable("\(error)"), isContract: true))
                    }
                    continue
                }
                let approved = (try? answer.get()).flatMap { try? SafeContract.decodeUInt($0, call: "approvedHashes") }
                switch approved {
                case let v? where v > 0: kept.append(claim)
                case _ where isSilent: break
                case .some: setAside.append(SetAsideApproval(owner: claim.owner, reason: .notApprovedOnChain))
                case nil: setAside.append(SetAsideApproval(owner: claim.owner, reason: .unverifiable("the node did not answer approvedHashes")))
                }
            }
        } catch {
            setAside = unverifiable("\(error)")
        }
        return (kept, setAside)
    }
}
