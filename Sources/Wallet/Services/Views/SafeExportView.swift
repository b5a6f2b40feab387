import SafeKit

/// A signature-exchange file written, as the command line prints it in JSON (`safe export`).
public struct SafeExportView: Codable, Sendable, Hashable {
    public var file: String
    public var safeTxHash: String
    public var signatures: JSONNumber

    /// The view of `exchange`, written to `path`.
    public init(_ exchange: SafeTransactionFile, path: String) {
        file = path
        safeTxHash = Hex.encode(exchange.safeTxHash)
        signatures = JSONNumber(exchange.signatures.count)
    }
}
