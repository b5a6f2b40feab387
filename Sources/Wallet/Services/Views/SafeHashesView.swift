import SafeKit

/// What a signing device shows for a Safe transaction, in the JSON the command line prints
/// (`safe tx-hash`): the three hashes, and the EIP-712 fields in the order the device lists them.
public struct SafeHashesView: Codable, Sendable, Hashable {
    /// One typed-data field.
    public struct FieldView: Codable, Sendable, Hashable {
        /// `EIP712Domain` or `SafeTx`.
        public var `struct`: String
        public var name: String
        public var type: String
        public var value: String
    }

    public var safeTxHash: String
    public var domainSeparator: String
    public var structHash: String
    /// The domain's fields, then the SafeTx's, in type order.
    public var fields: [FieldView]

    /// The hashes and fields of `tx`.
    public init(_ tx: SafeTx) throws {
        safeTxHash = Hex.encode(try tx.hash())
        domainSeparator = Hex.encode(try tx.domainSeparator())
        structHash = Hex.encode(try tx.structHash)
        fields = tx.typedFields.map { FieldView(struct: $0.structName, name: $0.name, type: $0.type, value: $0.value) }
    }

    /// The hashes and then the fields as aligned lines, for a person to hold beside the device.
    public var lines: [String] {
        let width = fields.map(\.name.count).max() ?? 0
        return ["domain hash:  \(domainSeparator)", "message hash: \(structHash)", "safeTxHash:   \(safeTxHash)",
                "EIP-712 fields, in the order a hardware wallet shows them:"]
            + fields.map { "  \($0.struct.padding(toLength: 12, withPad: " ", startingAt: 0)) \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.value)" }
    }
}
