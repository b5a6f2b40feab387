import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A v = 1 signature is only `r = owner, s = 0, v = 1`, and a v = 0 one is whatever bytes a
/// contract might accept: anyone can write either, so they are claims. An approved hash counts only
/// once the Safe's `approvedHashes` says so, a contract signature only once the owner contract's
/// `isValidSignature` accepts it, asked the way the Safe itself will ask.
enum OnChainConfirmationCheck {
    /// Keeps every ECDSA and eth_sign signature, and the claims the chain confirms for `subject`,
    /// asking owner contracts its question. `alsoAsk` owners without any signature are asked about
    /// as approved-hash claims too: an owner (or an owner Safe, through its own transaction) may
    /// have called `approveHash` without telling anyone. Only `SignatureGate` calls this.
    static func verify(_ signatures: [SafeSignature], safe: Safe, subject: SignedSubject, chain: Chain?,
                       alsoAsk: [Address] = []) async -> (kept: [SafeSignature], setAside: [SetAsideApproval]) {
        let question = subject.question, safeTxHash = subject.hash
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
