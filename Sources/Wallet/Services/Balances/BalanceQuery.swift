import BigInt
import Networking
import Storage

/// The part of a JSON-RPC batch that reads one address's ether and token balances, plus the
/// metadata of tokens not yet known. Other reads (a Safe's state) share the same round trip.
package struct BalanceQuery {
    let address: Address
    let layout: [(token: Address, meta: Token?)]

    /// Reads `tokens`, or when nil the whitelisted ones among `known`.
    package init(address: Address, tokens: [Address]?, known: [Token]) {
        self.address = address
        let wanted = tokens ?? known.filter(\.whitelisted).map(\.address)
        layout = wanted.map { t in (t, known.first { $0.address == t }) }
    }

    /// Where this query's reads sit in a batch.
    struct Slots {
        let ether: RPCBatchSlot<BigUInt>
        let tokens: [(balance: RPCBatchSlot<[UInt8]>, symbol: RPCBatchSlot<[UInt8]>?, decimals: RPCBatchSlot<[UInt8]>?)]
    }

    /// Adds the ether balance, each token's balance, and the symbol and decimals of tokens not yet known.
    func add(to batch: inout RPCBatch) -> Slots {
        let r = EthereumRemote.Requests.self
        func call(_ token: Address, _ data: [UInt8]) -> RPCRequest<[UInt8]> { r.call(CallRequest(to: token, data: data)) }
        let ether = batch.add(r.balance(of: address))
        let tokens = layout.map { token, meta in
            (batch.add(call(token, ERC20.balanceOf(address))),
             meta == nil ? batch.add(call(token, ERC20.symbol)) : nil,
             meta == nil ? batch.add(call(token, ERC20.decimals)) : nil)
        }
        return Slots(ether: ether, tokens: tokens)
    }

    /// The ether balance and token balances this query's slots answered.
    func decode(_ slots: Slots, from answers: RPCBatchAnswers) throws -> (wei: BigUInt, tokens: [TokenBalance]) {
        let wei = try answers.get(slots.ether)
        var balances = [TokenBalance]()
        for ((token, meta), slot) in zip(layout, slots.tokens) {
            // No code answers empty data, and a contract without balanceOf reverts: neither is a token.
            let raw: BigUInt
            do { raw = try ERC20.decodeUInt(try answers.get(slot.balance)) } catch let error as NetworkError where !error.isRevert { throw error } catch {
                throw ChainError.notAToken(token)
            }
            var symbol = meta?.symbol ?? "?"
            var decimals = meta?.decimals ?? 0
            if let symbolSlot = slot.symbol, let decimalsSlot = slot.decimals {
                guard let s = try? ERC20.decodeString(try answers.get(symbolSlot)),
                      let d = try? ERC20.decodeUInt(try answers.get(decimalsSlot)), d <= 255
                else { throw ChainError.notAToken(token) }
                symbol = s
                decimals = Int(d)
            }
            balances.append(TokenBalance(token: token, symbol: symbol, decimals: decimals, raw: raw))
        }
        return (wei, balances)
    }
}
