import BigInt
import Networking
import Storage

/// The part of a JSON-RPC batch that reads one address's ether and token balances, plus the
/// metadata of tokens not yet known. Other reads (a Safe's state) share the same round trip.
struct BalanceQuery {
    let address: Address
    let layout: [(token: Address, meta: Token?)]

    /// Reads `tokens`, or when nil the whitelisted ones among `known`.
    init(address: Address, tokens: [Address]?, known: [Token]) {
        self.address = address
        let wanted = tokens ?? known.filter(\.whitelisted).map(\.address)
        layout = wanted.map { t in (t, known.first { $0.address == t }) }
    }

    var requests: [RPCRequest<JSONValue>] {
        let r = EthereumRemote.Requests.self
        var requests = [r.raw(r.balance(of: address))]
        for (token, meta) in layout {
            requests.append(r.raw(r.call(CallRequest(to: token, data: ERC20.balanceOf(address)))))
            if meta == nil {
                requests.append(r.raw(r.call(CallRequest(to: token, data: ERC20.symbol))))
                requests.append(r.raw(r.call(CallRequest(to: token, data: ERC20.decimals))))
            }
        }
        return requests
    }

    /// The ether balance and token balances from this query's slice of the batch results.
    func decode(_ results: ArraySlice<Result<JSONValue, any Error>>) throws -> (wei: BigUInt, tokens: [TokenBalance]) {
        var index = results.startIndex
        let wei = try RPCMapper.quantity(try results[index].get())
        index += 1
        var balances = [TokenBalance]()
        for (token, meta) in layout {
            let raw = try ERC20.decodeUInt(try RPCMapper.data(try results[index].get()))
            index += 1
            var symbol = meta?.symbol ?? "?"
            var decimals = meta?.decimals ?? 0
            if meta == nil {
                guard let s = try? ERC20.decodeString(try RPCMapper.data(try results[index].get())),
                      let d = try? ERC20.decodeUInt(try RPCMapper.data(try results[index + 1].get())), d <= 255
                else { throw ChainError.notAToken(token) }
                symbol = s
                decimals = Int(d)
                index += 2
            }
            balances.append(TokenBalance(token: token, symbol: symbol, decimals: decimals, raw: raw))
        }
        return (wei, balances)
    }
}
