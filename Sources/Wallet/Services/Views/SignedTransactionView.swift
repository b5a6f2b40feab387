import BigInt
import Storage

/// A signed Ethereum transaction, decoded, in the JSON the command line prints (`tx decode`).
/// Only the fee fields of its type are present.
public struct SignedTransactionView: Codable, Sendable, Hashable {
    public var type: Int
    @NullWhenAbsent public var chainId: String?
    public var nonce: String
    @NullWhenAbsent public var to: String?
    public var value: String
    public var gasLimit: String
    public var gasPrice: String?
    public var maxFeePerGas: String?
    public var maxPriorityFeePerGas: String?
    public var data: String
    public var accessList: JSONValue?
    public var v: String
    public var r: String
    public var s: String
    public var hash: String
    public var from: String

    /// The view of `summary`.
    public init(_ summary: TransactionSummary) {
        let tx = summary.signed.transaction
        type = Int(tx.type.rawValue)
        chainId = tx.chainID.map { String($0) }
        nonce = String(tx.nonce)
        to = tx.to?.checksummed
        value = String(tx.value)
        gasLimit = String(tx.gasLimit)
        switch tx.type {
        case .legacy, .accessList:
            gasPrice = String(tx.gasPrice)
        case .dynamicFee:
            maxFeePerGas = String(tx.maxFeePerGas)
            maxPriorityFeePerGas = String(tx.maxPriorityFeePerGas)
        }
        data = Hex.encode(tx.data)
        if tx.type != .legacy { accessList = AccessListJSON.json(tx.accessList) }
        v = String(summary.signed.v)
        r = Hex.encode(summary.signed.signature.r)
        s = Hex.encode(summary.signed.signature.s)
        hash = summary.hashHex
        from = summary.from.checksummed
    }
}
