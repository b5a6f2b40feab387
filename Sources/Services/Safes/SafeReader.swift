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

    /// A SafeState value.
    public init(safe: Safe, balance: EtherAmount, tokens: [TokenBalance], contractOwners: [Address] = []) {
        self.safe = safe
        self.balance = balance
        self.tokens = tokens
        self.contractOwners = contractOwners
    }
}

/// Reads everything about a Safe in one JSON-RPC batch: chain ID, code, version, owners,
/// threshold, nonce, modules, fallback handler and guard slots, and the ether and token balances.
/// A call that reverts, or answers what no Safe would, means "not a Safe"; any other node error is
/// reported as the node's error.
enum SafeReader {
    /// The Safe's part of the batch, in the order it is sent.
    enum Slot: Int, CaseIterable {
        case chainID, code, version, owners, threshold, nonce, modules, fallbackHandler, guardAddress

        func request(_ address: Address) -> RPCRequest<JSONValue> {
            let r = EthereumRemote.Requests.self
            func call(_ data: [UInt8]) -> RPCRequest<JSONValue> { r.raw(r.call(CallRequest(to: address, data: data))) }
            switch self {
            case .chainID: return r.raw(r.chainID())
            case .code: return r.raw(r.code(at: address))
            case .version: return call(SafeContract.version)
            case .owners: return call(SafeContract.getOwners)
            case .threshold: return call(SafeContract.getThreshold)
            case .nonce: return call(SafeContract.nonce)
            case .modules: return call(SafeContract.modulesPage())
            case .fallbackHandler: return r.raw(r.storage(at: address, slot: SafeContract.fallbackHandlerSlot))
            case .guardAddress: return r.raw(r.storage(at: address, slot: SafeContract.guardSlot))
            }
        }
    }

    /// The answers to the Safe's slots, read by name.
    struct Answers {
        let address: Address
        let results: ArraySlice<Result<JSONValue, any Error>>

        /// The bytes `slot` answered; a node error is thrown as it is.
        func data(_ slot: Slot) throws -> [UInt8] {
            try RPCMapper.data(try results[results.startIndex + slot.rawValue].get())
        }

        /// The bytes a call to the Safe answered: a revert means the address is not a Safe.
        func call(_ slot: Slot) throws -> [UInt8] {
            do { return try data(slot) } catch let error as NetworkError where error.isRevert { throw SafeError.notASafe(address) }
        }

        /// `decoded` of what `slot` answered; an answer no Safe gives means the address is not a Safe.
        func safeAnswer<T>(_ slot: Slot, _ decoded: ([UInt8]) throws -> T) throws -> T {
            let bytes = try call(slot)
            do { return try decoded(bytes) } catch { throw SafeError.notASafe(address) }
        }
    }

    static func read(_ address: Address, chain: Chain, tokens query: BalanceQuery, now: Date) async throws -> SafeState {
        try await read(address, chain: chain, tokens: query, also: [], now: now).state
    }

    /// `read`, with `extra` requests riding in the same batch; their answers come back in order.
    static func read(_ address: Address, chain: Chain, tokens query: BalanceQuery, also extra: [RPCRequest<JSONValue>],
                     now: Date) async throws -> (state: SafeState, extra: [Result<JSONValue, any Error>]) {
        let safeRequests = Slot.allCases.map { $0.request(address) }
        let balanceRequests = query.requests
        let results = try await chain.remote.batch(safeRequests + balanceRequests + extra)
        let answers = Answers(address: address, results: results[..<safeRequests.count])
        let chainID = try chain.verify(chainID: try RPCMapper.quantity(try results[Slot.chainID.rawValue].get()))
        guard !(try answers.data(.code)).isEmpty else { throw SafeError.notASafe(address) }
        let version = try answers.safeAnswer(.version) { try SafeContract.decodeVersion($0) }
        let owners = try answers.safeAnswer(.owners) { try SafeContract.decodeOwners($0) }
        guard !owners.isEmpty else { throw SafeError.notASafe(address) }
        guard SafeVersion(reported: version)?.isSupported == true else { throw SafeError.unsupportedVersion(address: address, version: version) }
        let safe = Safe(
            chainID: chainID, address: address, name: nil, version: version, owners: owners,
            threshold: try SafeContract.decodeUInt(try answers.call(.threshold), call: "getThreshold"),
            nonce: try SafeContract.decodeUInt(try answers.call(.nonce), call: "nonce"),
            modules: try SafeContract.decodeModules(try answers.call(.modules)),
            fallbackHandler: SafeContract.addressInSlot(try answers.data(.fallbackHandler)),
            guardAddress: SafeContract.addressInSlot(try answers.data(.guardAddress)),
            updatedAt: now)
        let balanceEnd = safeRequests.count + balanceRequests.count
        let (wei, tokenBalances) = try query.decode(results[safeRequests.count..<balanceEnd])
        return (SafeState(safe: safe, balance: EtherAmount(wei: wei), tokens: tokenBalances), Array(results[balanceEnd...]))
    }
}
