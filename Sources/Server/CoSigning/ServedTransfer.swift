import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services

/// One asset moving to or from a served Safe, as the official service lists transfers: ether in
/// (`SafeReceived`), ether out (the Safe's decoded executions, batches included) and tokens in and
/// out (`Transfer` logs, ERC-20 amounts and ERC-721 token IDs).
public struct ServedTransfer: Sendable, Equatable {
    /// The official `type`.
    public enum Kind: String, Sendable {
        case ether = "ETHER_TRANSFER", erc20 = "ERC20_TRANSFER", erc721 = "ERC721_TRANSFER"
    }

    public let kind: Kind
    /// When its block was made.
    public let date: Date
    public let block: BigUInt
    public let transactionHash: [UInt8]
    public let from: Address
    public let to: Address
    /// Wei or the ERC-20 amount; nil for an ERC-721 token.
    public let value: BigUInt?
    /// The ERC-721 token's ID; nil otherwise.
    public let tokenID: BigUInt?
    /// The token contract; nil for ether.
    public let token: Address?
    /// The token's name, symbol and decimals, when its contract answers them.
    public let metadata: TokenMetadata?
    /// Unique and stable: `e` + transaction hash + log index for a log's transfer, `i` + transaction
    /// hash + the log's index (and, for ether a Safe sent, `,` + the call's place in the execution).
    public let id: String
    /// The log it was read from (an execution's, for ether sent), to sort by.
    let logIndex: BigUInt
    let part: Int

    /// Whether it sorts before `other` on the chain.
    func precedes(_ other: ServedTransfer) -> Bool { (block, logIndex, part) < (other.block, other.logIndex, other.part) }

    /// Every transfer `activity` records, oldest first, tokens described by `metadata`.
    static func all(in activity: SafeChainActivity, metadata: [Address: TokenMetadata]) -> [ServedTransfer] {
        let safe = activity.safe
        var out: [ServedTransfer] = []
        func add(_ kind: Kind, _ log: Log, from: Address, to: Address, value: BigUInt?, tokenID: BigUInt? = nil, token: Address? = nil,
                 id prefix: String, part: Int = 0) {
            guard let hash = log.transactionHash, let block = log.blockNumber, let index = log.logIndex else { return }
            let id = "\(prefix)\(Hex.encode(hash).dropFirst(2))\(index)" + (part > 0 ? ",\(part - 1)" : "")
            out.append(ServedTransfer(kind: kind, date: activity.date(of: block), block: block, transactionHash: hash, from: from, to: to,
                                      value: value, tokenID: tokenID, token: token, metadata: token.flatMap { metadata[$0] }, id: id,
                                      logIndex: index, part: part))
        }
        for log in activity.received {
            guard let movement = SafeLedger.etherReceived(topics: log.topics, data: log.data) else { continue }
            add(.ether, log, from: movement.counterparty, to: safe, value: movement.amount, id: "i")
        }
        for execution in activity.executions where execution.success {
            guard let call = execution.call else { continue }
            for (n, movement) in SafeLedger.etherSent(call).enumerated() {
                add(.ether, execution.log, from: safe, to: movement.counterparty, value: movement.amount, id: "i", part: n + 1)
            }
        }
        for log in activity.tokenTransfers {
            guard let (from, to, amount, tokenID) = SafeLedger.tokenTransfer(topics: log.topics, data: log.data) else { continue }
            add(tokenID == nil ? .erc20 : .erc721, log, from: from, to: to, value: amount, tokenID: tokenID, token: log.address, id: "e")
        }
        return out.sorted { $0.precedes($1) }
    }
}
