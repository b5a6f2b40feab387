import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// A Safe's state and balances as one batch read them.
public struct SafeState: Sendable, Equatable {
    public let safe: Safe
    public let balance: EtherAmount
    public let tokens: [TokenBalance]
    /// The owners that are contracts (another Safe, a smart account), in owner order; read by
    /// `SafeInfoQuery` only, empty elsewhere.
    public let contractOwners: [Address]
    /// Storage slot 0: the contract the Safe's proxy runs.
    public let singleton: Address?
    /// The module guard (Safe 1.5.0), the zero address when none or on an older Safe; nil when not read.
    public let moduleGuard: Address?
    /// What is off about the Safe's own setup (a singleton, fallback handler or guard that is not
    /// a known release); read by `SafeInfoQuery` and `SafeHomeQuery`, empty elsewhere.
    public let risks: [SafeRisk]

    /// A SafeState value.
    public init(safe: Safe, balance: EtherAmount, tokens: [TokenBalance], contractOwners: [Address] = [], singleton: Address? = nil,
                moduleGuard: Address? = nil, risks: [SafeRisk] = []) {
        self.safe = safe
        self.balance = balance
        self.tokens = tokens
        self.contractOwners = contractOwners
        self.singleton = singleton
        self.moduleGuard = moduleGuard
        self.risks = risks
    }

    /// This state with the setup risks `names` make of it.
    func judged(by names: SafeContractNames, contractOwners: [Address]? = nil) -> SafeState {
        let risks = singleton.map {
            SafeRiskCheck.setupRisks(singleton: $0, fallbackHandler: safe.fallbackHandler, guardAddress: safe.guardAddress, names: names)
        } ?? []
        return SafeState(safe: safe, balance: balance, tokens: tokens, contractOwners: contractOwners ?? self.contractOwners,
                         singleton: singleton, moduleGuard: moduleGuard, risks: risks)
    }
}

/// Reads everything about a Safe in one JSON-RPC batch: chain ID, code, version, owners,
/// threshold, nonce, modules, fallback handler, guard, module guard and singleton slots, and the ether and token balances.
/// A call that reverts, or answers what no Safe would, means "not a Safe"; any other node error is
/// reported as the node's error.
package enum SafeReader {
    /// The Safe's part of a batch, each read typed.
    struct Slots {
        let chainID: RPCBatchSlot<BigUInt>
        let code, version, owners, threshold, nonce, modules, moduleList, fallbackHandler, guardAddress, moduleGuard, singleton: RPCBatchSlot<[UInt8]>

        init(_ address: Address, in batch: inout RPCBatch) {
            let r = EthereumRemote.Requests.self
            func call(_ data: [UInt8]) -> RPCRequest<[UInt8]> { r.call(CallRequest(to: address, data: data)) }
            chainID = batch.add(r.chainID())
            code = batch.add(r.code(at: address))
            version = batch.add(call(SafeContract.version))
            owners = batch.add(call(SafeContract.getOwners))
            threshold = batch.add(call(SafeContract.getThreshold))
            nonce = batch.add(call(SafeContract.nonce))
            modules = batch.add(call(SafeContract.modulesPage()))
            // 1.0.0 has no paginated list; its answer is read only for a 1.0.0 Safe.
            moduleList = batch.add(call(SafeContract.getModules))
            fallbackHandler = batch.add(r.storage(at: address, slot: SafeContract.fallbackHandlerSlot))
            guardAddress = batch.add(r.storage(at: address, slot: SafeContract.guardSlot))
            moduleGuard = batch.add(r.storage(at: address, slot: SafeContract.moduleGuardSlot))
            singleton = batch.add(r.storage(at: address, slot: [UInt8](repeating: 0, count: 32)))
        }
    }

    /// The answers to the Safe's slots.
    struct Answers {
        let address: Address
        let answers: RPCBatchAnswers

        /// The bytes a call to the Safe answered: a revert means the address is not a Safe.
        func call(_ slot: RPCBatchSlot<[UInt8]>) throws -> [UInt8] {
            do { return try answers.get(slot) } catch let error as NetworkError where error.isRevert { throw SafeError.notASafe(address) }
        }

        /// `decoded` of what `slot` answered; an answer no Safe gives means the address is not a Safe.
        func safeAnswer<T>(_ slot: RPCBatchSlot<[UInt8]>, _ decoded: ([UInt8]) throws -> T) throws -> T {
            let bytes = try call(slot)
            do { return try decoded(bytes) } catch { throw SafeError.notASafe(address) }
        }
    }

    package static func read(_ address: Address, chain: Chain, tokens query: BalanceQuery, now: Date) async throws -> SafeState {
        try await read(address, chain: chain, tokens: query, now: now) { _ in }.state
    }

    /// `read`, with what `extra` adds riding in the same batch; its slots and the answers come back.
    /// Where the address has no code, a Safe of `undeployed` on the chain (stored, not deployed
    /// yet) stands as stored, with the balances read: its address can hold funds already.
    static func read<Extra>(_ address: Address, chain: Chain, tokens query: BalanceQuery, now: Date, undeployed: [Safe] = [],
                            also extra: (inout RPCBatch) -> Extra) async throws -> (state: SafeState, extra: Extra, answers: RPCBatchAnswers) {
        var batch = RPCBatch()
        let slots = Slots(address, in: &batch)
        let balanceSlots = query.add(to: &batch)
        let added = extra(&batch)
        let answers = try await chain.remote.send(batch)
        let safeAnswers = Answers(address: address, answers: answers)
        let chainID = try chain.verify(chainID: try answers.get(slots.chainID))
        guard !(try answers.get(slots.code)).isEmpty else {
            guard let stored = undeployed.first(where: { $0.chainID == chainID }), let deployment = stored.undeployed else { throw SafeError.notASafe(address) }
            let (wei, tokenBalances) = try query.decode(balanceSlots, from: answers)
            return (SafeState(safe: stored, balance: EtherAmount(wei: wei), tokens: tokenBalances, singleton: deployment.singleton, moduleGuard: .zero),
                    added, answers)
        }
        let version = try safeAnswers.safeAnswer(slots.version) { try SafeContract.decodeVersion($0) }
        let owners = try safeAnswers.safeAnswer(slots.owners) { try SafeContract.decodeOwners($0) }
        guard !owners.isEmpty else { throw SafeError.notASafe(address) }
        guard let release = SafeVersion(reported: version), release.isUsable else { throw SafeError.unsupportedVersion(address: address, version: version) }
        let modules = release.hasPaginatedModules
            ? try SafeContract.decodeModules(try safeAnswers.call(slots.modules))
            : try SafeContract.decodeModuleList(try safeAnswers.call(slots.moduleList))
        let safe = Safe(
            chainID: chainID, address: address, name: nil, version: version, owners: owners,
            threshold: try SafeContract.decodeUInt(try safeAnswers.call(slots.threshold), call: "getThreshold"),
            nonce: try SafeContract.decodeUInt(try safeAnswers.call(slots.nonce), call: "nonce"),
            modules: modules,
            fallbackHandler: SafeContract.addressInSlot(try answers.get(slots.fallbackHandler)),
            guardAddress: SafeContract.addressInSlot(try answers.get(slots.guardAddress)),
            updatedAt: now)
        let (wei, tokenBalances) = try query.decode(balanceSlots, from: answers)
        let singleton = (try? answers.get(slots.singleton)).map(SafeContract.addressInSlot)
        let moduleGuard = (try? answers.get(slots.moduleGuard)).map(SafeContract.addressInSlot)
        return (SafeState(safe: safe, balance: EtherAmount(wei: wei), tokens: tokenBalances, singleton: singleton, moduleGuard: moduleGuard),
                added, answers)
    }
}
