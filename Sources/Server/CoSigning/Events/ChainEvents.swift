import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Storage

/// The movements the follower announces, from logs alone (no trace API): ether in from
/// `SafeReceived`, ether out from the executed transactions this server stores, or else from the
/// transaction that carried an execution when it called the Safe itself (a module's included;
/// MultiSend's inner calls included), and tokens in and out from `Transfer` logs (ERC-20 amounts, ERC-721
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
        sent(SafeLedger.etherSent(CallDecoder().decode(stored.transaction)), safe: stored.transaction.safe, execution: log)
    }

    /// Ether a call the Safe ran successfully sent, read from the transaction that carried it
    /// (`SafeChainActivity.call`): a module's, or one this server does not hold.
    func sent(_ call: MultiSendCall, execution log: Log) -> [ServedEvent] {
        sent(SafeLedger.etherSent(call), safe: log.address, execution: log)
    }

    private func sent(_ movements: [SafeLedger.Movement], safe: Address, execution log: Log) -> [ServedEvent] {
        movements.enumerated().compactMap { n, movement in
            key(log, "out\(n)").map {
                ServedEvent(.outgoingEther, chainID: chainID, safe: safe, transactionHash: log.transactionHash,
                            value: movement.amount, block: log.blockNumber, dedupKey: $0, at: at)
            }
        }
    }

    /// A token `Transfer` log's movements for the served Safes: in, out, or both between two of
    /// them, as `SafeLedger.tokenTransfer` reads it (an ERC-20 amount or an ERC-721 token ID).
    func tokens(_ log: Log) -> [ServedEvent] {
        guard let (from, to, value, tokenID) = SafeLedger.tokenTransfer(topics: log.topics, data: log.data), from != to else { return [] }
        return [to, from].filter(safes.contains).compactMap { safe -> ServedEvent? in
            let incoming = safe == to
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
}
