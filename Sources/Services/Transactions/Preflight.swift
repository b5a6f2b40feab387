import BigInt
import Networking
import Storage

/// Everything a send needs to know from the node, read in one JSON-RPC batch: chain ID, nonce,
/// balance, latest block, fee history, gas price, the gas estimate (which also simulates the
/// call) and, for a token transfer, the token balance.
struct Preflight {
    let chainID: BigUInt
    let nonce: BigUInt
    let balance: BigUInt
    let fees: FeeQuote
    let tokenBalance: BigUInt?
    let estimate: Result<BigUInt, any Error>

    /// The gas estimate, or the reason the call would fail.
    func gasEstimate() throws -> BigUInt {
        switch estimate {
        case .success(let gas): return gas
        case .failure(let error):
            if case NetworkError.rpc(_, let message, let data) = error {
                let reason = data.flatMap { try? Hex.decode($0) }.map(RevertReason.describe) ?? message
                throw ChainError.wouldRevert(reason)
            }
            throw error
        }
    }

    static func read(chain: Chain, from: Address, to: Address, value: BigUInt, data: [UInt8], token: Address?) async throws -> Preflight {
        let r = EthereumRemote.Requests.self
        let call = CallRequest(from: from, to: to, value: value, data: data)
        var requests: [RPCRequest<JSONValue>] = [
            r.raw(r.chainID()), r.raw(r.transactionCount(of: from, at: .pending)), r.raw(r.balance(of: from)),
            r.raw(r.block(.latest)), r.raw(r.feeHistory(blockCount: 5, newest: .latest, rewardPercentiles: [50])),
            r.raw(r.gasPrice()), r.raw(r.estimateGas(call)),
        ]
        if let token { requests.append(r.raw(r.call(CallRequest(to: token, data: ERC20.balanceOf(from))))) }
        let results = try await chain.remote.batch(requests)
        func map<T>(_ i: Int, _ request: RPCRequest<T>) throws -> T { try request.map(try results[i].get()) }
        let latest = try? map(3, r.block(.latest))
        let history = try? map(4, r.feeHistory(blockCount: 5, newest: .latest, rewardPercentiles: [50]))
        let fees = FeeEstimator.quote(latest: latest ?? nil, history: history, gasPrice: try? map(5, r.gasPrice()), suggestedTip: nil)
        return Preflight(
            chainID: try map(0, r.chainID()),
            nonce: try map(1, r.transactionCount(of: from, at: .pending)),
            balance: try map(2, r.balance(of: from)),
            fees: fees,
            tokenBalance: token == nil ? nil : try ERC20.decodeUInt(try map(7, r.call(call))),
            estimate: Result { try map(6, r.estimateGas(call)) }
        )
    }
}
