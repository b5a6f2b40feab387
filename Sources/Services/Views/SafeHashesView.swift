import SafeKit

/// A Safe transaction's three hashes, in the JSON the command line prints to compare with a signing
/// device (`safe tx-hash`).
public struct SafeHashesView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    public var domainSeparator: String
    public var structHash: String

    /// The hashes of `tx`.
    public init(_ tx: SafeTx) throws {
        safeTxHash = Hex.encode(try tx.hash())
        domainSeparator = Hex.encode(try tx.domainSeparator())
        structHash = Hex.encode(try tx.structHash)
    }
}
