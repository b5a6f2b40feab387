import BigInt
import Storage

/// Why a chain operation was refused before anything was sent. The texts name no front end's
/// controls; each front end adds its own next step.
public enum ChainError: Error, Equatable, Sendable, CustomStringConvertible {
    case noNetwork
    case unknownNetwork(String)
    case chainIDMismatch(network: String, expected: BigUInt, actual: BigUInt)
    case insufficientFunds(have: BigUInt, need: BigUInt)
    case insufficientTokenBalance(symbol: String, have: String, need: String)
    case wouldRevert(String)
    case notAToken(Address)
    case unknownToken(Address)
    case timeout(hash: String, seconds: Int)

    public var description: String {
        switch self {
        case .noNetwork:
            return "no network selected: give an RPC URL or a network name, or choose a current network"
        case .unknownNetwork(let n):
            return "no network named '\(n)'"
        case .chainIDMismatch(let n, let e, let a):
            return "the node reports chain ID \(a) but network '\(n)' is chain \(e); refusing to sign anything"
        case .insufficientFunds(let have, let need):
            return "insufficient funds: the balance is \(EtherAmount(wei: have).exact(in: .ether)) ETH but value plus the maximum gas cost is \(EtherAmount(wei: need).exact(in: .ether)) ETH; nothing was sent"
        case .insufficientTokenBalance(let symbol, let have, let need):
            return "insufficient \(symbol) balance: \(have) available, \(need) requested; nothing was sent"
        case .wouldRevert(let reason):
            return "the transaction would fail (\(reason)); nothing was sent"
        case .notAToken(let a):
            return "\(a.checksummed) does not answer like an ERC-20 token (name, symbol, decimals)"
        case .unknownToken(let a):
            return "\(a.checksummed) is not a known token on this chain; add it first"
        case .timeout(let hash, let seconds):
            return "no receipt for \(hash) after \(seconds) s; it may still be mined"
        }
    }
}
