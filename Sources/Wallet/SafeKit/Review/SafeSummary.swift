import BigInt
import EthereumKit

/// A summary from a transaction's fields alone: for calls, for transactions that arrived from
/// elsewhere, and for what a co-signing server stores, so every store words one transaction alike.
public enum SafeSummary {
    /// The line a queue, a history or a review shows for `tx`.
    public static func describe(_ tx: SafeTx) -> String { describe(to: tx.to, value: tx.value, data: tx.data, operation: tx.operation, safe: tx.safe) }

    /// The same line from the fields it reads.
    public static func describe(to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation, safe: Address) -> String {
        if to == safe, value == 0, data.isEmpty, operation == .call { return "rejection: an empty transaction that uses up its nonce" }
        if data.isEmpty { return DecodedCall.noDataLine(to: to, value: value, operation: operation) }
        let ether = "\(EtherAmount(wei: value).exact(in: .ether)) ETH"
        return "\(operation.name) \(to.checksummed) with \(data.count) bytes of data" + (value > 0 ? " and \(ether)" : "")
    }
}
