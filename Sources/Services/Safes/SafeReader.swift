import BigInt
import Foundation
import Networking
import SafeKit

/// A Safe's state and balances as one batch read them.
public struct SafeState: Sendable, Equatable {
    public let safe: Safe
    public let balance: EtherAmount
    public let tokens: [TokenBalance]

    /// A SafeState value.
    public init(safe: Safe, balance: EtherAmount, tokens: [TokenBalance]) {
        self.safe = safe
        self.balance = balance
        self.tokens = tokens
    }
}

/// Reads everything about a Safe in one JSON-RPC batch: chain ID, code, version, owners,
/// threshold, nonce, modules, fallback handler and guard slots, and the ether and token balances.
enum SafeReader {
    static func read(_ address: Address, chain: Chain, tokens query: BalanceQuery, now: Date) async throws -> SafeState {
        let r = EthereumRemote.Requests.self
        func call(_ data: [UInt8]) -> RPCRequest<JSONValue> { r.raw(r.call(CallRequest(to: address, data: data))) }
        let fixed: [RPCRequest<JSONValue>] = [
            r.raw(r.chainID()), r.raw(r.code(at: address)), call(SafeContract.version), call(SafeContract.getOwners),
            call(SafeContract.getThreshold), call(SafeContract.nonce), call(SafeContract.modulesPage()),
            r.raw(r.storage(at: address, slot: SafeContract.fallbackHandlerSlot)), r.raw(r.storage(at: address, slot: SafeContract.guardSlot)),
        ]
        let balanceRequests = query.requests
        let results = try await chain.remote.batch(fixed + balanceRequests)
        let chainID = try chain.verify(chainID: try RPCMapper.quantity(try results[0].get()))
        func data(_ i: Int) throws -> [UInt8] { try RPCMapper.data(try results[i].get()) }
        guard let code = try? data(1), !code.isEmpty, let versionData = try? data(2),
              let version = try? SafeContract.decodeVersion(versionData),
              let owners = try? SafeContract.decodeOwners(try data(3)), !owners.isEmpty
        else { throw SafeError.notASafe(address) }
        guard SafeVersion(reported: version)?.isSupported == true else { throw SafeError.unsupportedVersion(address: address, version: version) }
        let safe = Safe(
            chainID: chainID, address: address, name: nil, version: version, owners: owners,
            threshold: try SafeContract.decodeUInt(try data(4), call: "getThreshold"),
            nonce: try SafeContract.decodeUInt(try data(5), call: "nonce"),
            modules: (try? SafeContract.decodeModules(try data(6))) ?? [],
            fallbackHandler: SafeContract.addressInSlot(try data(7)), guardAddress: SafeContract.addressInSlot(try data(8)),
            updatedAt: now)
        let (wei, tokenBalances) = try query.decode(results[fixed.count...])
        return SafeState(safe: safe, balance: EtherAmount(wei: wei), tokens: tokenBalances)
    }
}
