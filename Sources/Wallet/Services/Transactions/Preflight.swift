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
        var batch = RPCBatch()
        let chainID = batch.add(r.chainID()), nonce = batch.add(r.transactionCount(of: from, at: .pending))
        let balance = batch.add(r.balance(of: from)), latest = batch.add(r.block(.latest))
        let history = batch.add(r.feeHistory(blockCount: 5, newest: .latest, rewardPercentiles: [50]))
        let gasPrice = batch.add(r.gasPrice()), estimate = batch.add(r.estimateGas(call))
        let tokenBalance = token.map { batch.add(r.call(CallRequest(to: $0, data: ERC20.balanceOf(from)))) }
        let answers = try await chain.remote.send(batch)
        let fees = FeeEstimator.quote(latest: (try? answers.get(latest)) ?? nil, history: try? answers.get(history),
                                      gasPrice: try? answers.get(gasPrice), suggestedTip: nil)
        return Preflight(
            chainID: try answers.get(chainID),
            nonce: try answers.get(nonce),
            balance: try answers.get(balance),
            fees: fees,
            tokenBalance: try tokenBalance.map { try ERC20.decodeUInt(try answers.get($0)) },
            estimate: answers[estimate]
        )
    }
}
