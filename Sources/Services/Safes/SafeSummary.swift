import BigInt
import EthereumKit
import SafeKit

/// A summary from a transaction's fields alone, for calls and for transactions that arrived from elsewhere.
enum SafeSummary {
    static func describe(_ tx: SafeTx) -> String { describe(to: tx.to, value: tx.value, data: tx.data, operation: tx.operation, safe: tx.safe) }

    static func describe(to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation, safe: Address) -> String {
        if to == safe, value == 0, data.isEmpty, operation == .call { return "rejection: an empty transaction that uses up its nonce" }
        if data.isEmpty { return DecodedCall.noDataLine(to: to, value: value, operation: operation) }
        let ether = "\(EtherAmount(wei: value).exact(in: .ether)) ETH"
        return "\(operation.name) \(to.checksummed) with \(data.count) bytes of data" + (value > 0 ? " and \(ether)" : "")
    }
}
