import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Storage

/// The movements the follower announces, from logs alone (no trace API): ether in from
/// `SafeReceived`, ether out from the executed transactions this server stores (MultiSend's
/// inner calls included), and tokens in and out from `Transfer` logs (ERC-20 amounts, ERC-721
/// token IDs). Each carries a key from its log, so a block range read twice announces nothing twice.
struct ChainEvents {
    let chainID: BigUInt
    let safes: Set<Address>
    let at: Date

    /// Ether received, from one of the served Safes' own logs.
    func received(_ log: Log) -> ServedEvent? {
        guard let movement = SafeLedger.etherReceived(topics: log.topics, data: log.data), let key = key(log, "in") else { return nil }
        return ServedEvent(.incomingEther, chainID: chainID, safe: log.address, transactionHash: log.transactionHash, value: movement.amount,
                           block: log.blockNumber, dedupKey: key, at: at)
    }

    /// Ether a stored transaction sent when it executed successfully.
    func sent(by stored: SafeTransactionEntry, execution log: Log) -> [ServedEvent] {
        SafeLedger.etherSent(CallDecoder().decode(stored.transaction)).enumerated().compactMap { n, movement in
            key(log, "out\(n)").map {
                ServedEvent(.outgoingEther, chainID: chainID, safe: stored.transaction.safe, transactionHash: log.transactionHash,
                            value: movement.amount, block: log.blockNumber, dedupKey: $0, at: at)
            }
        }
    }

    /// A token `Transfer` log's movements for the served Safes: in, out, or both between two of
    /// them. An ERC-20 amount is read by `SafeLedger.tokenMovement`; ERC-721's `Transfer` has the
    /// token ID as a fourth topic.
    func tokens(_ log: Log) -> [ServedEvent] {
        guard log.topics.first == SafeLedger.transferTopic, log.topics.count == 3 || log.topics.count == 4 else { return [] }
        let from = Address(word: log.topics[1]), to = Address(word: log.topics[2])
        return [to, from].filter(safes.contains).compactMap { safe -> ServedEvent? in
            let incoming: Bool, value: BigUInt?, tokenID: BigUInt?
            if log.topics.count == 4 {
                guard from != to else { return nil }
                (incoming, value, tokenID) = (safe == to, nil, BigUInt(Data(log.topics[3])))
            } else {
                guard let movement = SafeLedger.tokenMovement(safe: safe, contract: log.address, topics: log.topics, data: log.data) else { return nil }
                (incoming, value, tokenID) = (movement.direction == .incoming, movement.amount, nil)
            }
            return key(log, incoming ? "tin" : "tout").map {
                ServedEvent(incoming ? .incomingToken : .outgoingToken, chainID: chainID, safe: safe, transactionHash: log.transactionHash,
                            token: log.address, value: value, tokenID: tokenID, block: log.blockNumber, dedupKey: $0, at: at)
            }
        }
    }

    /// The log's place on the chain, which no other log shares; nil for a pending log.
    private func key(_ log: Log, _ tag: String) -> String? {
        guard let hash = log.transactionHash, let index = log.logIndex else { return nil }
        return "\(chainID):\(Hex.encode(hash)):\(index):\(tag)"
    }

    /// The filters for `Transfer` logs from and to the served Safes.
    static func transferFilters(_ safes: [Address]) -> [LogFilter] {
        let words = safes.map { [UInt8](repeating: 0, count: 12) + $0.bytes }
        return [LogFilter(topics: [[SafeLedger.transferTopic], words]), LogFilter(topics: [[SafeLedger.transferTopic], nil, words])]
    }
}
