import BigInt
import CoSigning
import Foundation
import Networking
import Services

/// A JSON request body read through the Transaction Service wire codec's field readers (one input
/// dialect: numbers as JSON numbers or strings, hex with or without 0x, null for "none"), each
/// refusal naming its field as a 400.
struct RequestFields {
    let fields: ServiceWireFields
    var json: JSONValue { fields.json }

    init(_ body: [UInt8]) throws(FieldError) {
        let json: JSONValue
        do { json = try JSONParser.parse(body) } catch { throw FieldError(.unparsable, field: "body", "not JSON: \(error.description)") }
        fields = try Self.read { () throws(ServiceWireError) in try ServiceWireFields(json) }
    }

    /// `body` as it reads, or the wire's refusal as a 400 naming the field.
    static func read<T>(_ body: () throws(ServiceWireError) -> T) throws(FieldError) -> T {
        do { return try body() } catch { throw FieldError(.malformed, field: error.field, error.reason) }
    }

    func address(_ field: String, default fallback: Address? = nil) throws(FieldError) -> Address {
        try Self.read { () throws(ServiceWireError) in try fields.address(field, default: fallback) }
    }

    /// An address, or nil for a missing field or null.
    func optionalAddress(_ field: String) throws(FieldError) -> Address? {
        try Self.read { () throws(ServiceWireError) in try fields.optionalAddress(field) }
    }

    /// Hex bytes; nil for a missing field or null.
    func hex(_ field: String) throws(FieldError) -> [UInt8]? {
        try Self.read { () throws(ServiceWireError) in try fields.hex(field) }
    }

    /// A number, decimal or `0x` hex, as a JSON number or a string.
    func number(_ field: String) throws(FieldError) -> BigUInt {
        try Self.read { () throws(ServiceWireError) in try fields.number(field) }
    }

    func string(_ field: String) throws(FieldError) -> String? {
        try Self.read { () throws(ServiceWireError) in try fields.string(field) }
    }

    /// An ISO 8601 date, with or without fractional seconds; nil for a missing field or null.
    func date(_ field: String) throws(FieldError) -> Date? {
        try Self.read { () throws(ServiceWireError) in try fields.date(field) }
    }

    /// The `signature` a confirmation carries: required, and not empty.
    func signature() throws(FieldError) -> [UInt8] {
        guard let signature = try hex("signature"), !signature.isEmpty else { throw FieldError(.malformed, field: "signature", "a signature is required") }
        return signature
    }

    /// A 32-byte hash.
    func hash(_ field: String) throws(FieldError) -> [UInt8] {
        try Self.read { () throws(ServiceWireError) in try fields.hash(field) }
    }

    /// The proposal of `safe` in this body, read by the wire codec the client writes it with.
    func proposal(safe: Address) throws(FieldError) -> CoSigningProposal {
        if let missing = FieldError.missing(ServiceWireProposal.requiredFields.filter { json[$0] == nil }) { throw missing }
        let wire = try Self.read { () throws(ServiceWireError) in try ServiceWireProposal(json: json, safe: safe) }
        if let named = wire.safe, named != safe { throw FieldError(.refused, field: "safe", "the body names another Safe than the path") }
        // The chain ID and version are placeholders: the store puts the chain's in. CREATE is
        // well-formed but refused, as the official service refuses it.
        let tx: SafeTx
        do { tx = try wire.transaction.safeTx(chainID: nil, version: .v1_4_1) } catch { throw FieldError(.refused, field: error.field, error.reason) }
        return CoSigningProposal(fields: tx, statedHash: wire.contractTransactionHash, sender: wire.sender, signature: wire.signature,
                               origin: wire.origin)
    }

    /// The Queue Service's `signatures`: a list of hex signatures, one or more, packed as the Safe takes them.
    func packedSignatures() throws(FieldError) -> [UInt8] {
        guard let list = json["signatures"]?.arrayValue, !list.isEmpty else {
            throw FieldError(.malformed, field: "signatures", "give one signature or more, as a list of 0x hex")
        }
        var packed: [UInt8] = []
        for item in list {
            guard let text = item.stringValue, let bytes = try? Hex.decode(text), !bytes.isEmpty else {
                throw FieldError(.malformed, field: "signatures", "each signature is 0x hex")
            }
            packed += bytes
        }
        return packed
    }

    /// A Queue Service proposal: the Safe and its fields in the body, no hash or sender (the server
    /// computes the one and recovers the other from the first signature), signatures as a list.
    func queueProposal() throws(FieldError) -> CoSigningProposal {
        let required = ["chainId", "safe", "to", "value", "operation", "safeTxGas", "baseGas", "gasPrice", "nonce", "signatures"]
        if let missing = FieldError.missing(required.filter { json[$0] == nil }) { throw missing }
        // `signatures` is a list here, where a listed transaction's is one packed hex string.
        let fields = JSONValue.object((json.objectValue ?? []).filter { $0.key != "signatures" })
        let wire = try Self.read { () throws(ServiceWireError) in try ServiceWireTransaction(json: fields) }
        let tx: SafeTx
        do { tx = try wire.safeTx(chainID: nil, version: .v1_4_1) } catch { throw FieldError(.refused, field: error.field, error.reason) }
        let stated = json["safeTxHash"] == nil ? nil : try hash("safeTxHash")
        return CoSigningProposal(fields: tx, statedHash: stated, sender: nil, signature: try packedSignatures(), origin: try string("originName"))
    }
}
