import SafeKit

/// A Transaction Builder file written: where, for which chain, how many transactions, its checksum.
public struct BuilderFileView: Codable, Sendable, Hashable {
    public var file: String
    public var chainId: String
    public var transactions: JSONNumber
    public var checksum: String

    /// The view of `builder`, written to `path`.
    public init(_ builder: TransactionBuilderFile, path: String) {
        file = path
        chainId = String(builder.chainID)
        transactions = JSONNumber(builder.calls.count)
        checksum = builder.json["meta"]?["checksum"]?.stringValue ?? ""
    }
}
