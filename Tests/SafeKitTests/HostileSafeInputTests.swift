import BigInt
import EthereumKit
import SafeKit
import Testing

/// Issue 15's reproductions for SafeKit: integers of 2^256 and more, and exchange files whose
/// types are loose, are typed errors, never a trap and never a lenient reading.
@Suite("Hostile Safe input")
struct HostileSafeInputTests {
    static let twoTo256 = BigUInt(1) << 256
    static let base = SafeTransactionFileTests.tx

    @Test("a SafeTx field of 2^256 is refused by name when hashed or encoded, for every integer field",
          arguments: ["chainId", "value", "safeTxGas", "baseGas", "gasPrice", "nonce"])
    func outOfRangeField(field: String) throws {
        // Given a transaction whose one field is 2^256
        var tx = Self.base
        switch field {
        case "chainId": tx.chainID = Self.twoTo256
        case "value": tx.value = Self.twoTo256
        case "safeTxGas": tx.safeTxGas = Self.twoTo256
        case "baseGas": tx.baseGas = Self.twoTo256
        case "gasPrice": tx.gasPrice = Self.twoTo256
        default: tx.nonce = Self.twoTo256
        }
        // Then hashing and both calldata encodings throw the field's name instead of trapping
        #expect(throws: SafeKitError.valueOutOfRange(field)) { try tx.hash() }
        #expect(throws: SafeKitError.valueOutOfRange(field)) { try tx.execTransactionCall(signatures: []) }
        #expect(throws: SafeKitError.valueOutOfRange(field)) { try tx.getTransactionHashCall }
    }

    @Test("2^256 - 1 is still a valid uint256 and hashes")
    func largestValue() throws {
        var tx = Self.base
        tx.nonce = Self.twoTo256 - 1
        #expect(try tx.hash().count == 32)
    }

    /// The base file's JSON with `old` replaced by `new` (the hash line is kept, so only parsing decides).
    static func edited(_ old: String, _ new: String) throws -> String {
        let json = try SafeTransactionFile(transaction: base, signatures: []).json
        #expect(json.contains(old), "the fixture has \(old)")
        return json.replacingOccurrences(of: old, with: new)
    }

    @Test("an exchange file with a field of 2^256 is refused naming the field",
          arguments: ["nonce", "value", "chainId", "safeTxGas", "baseGas", "gasPrice"])
    func fileOutOfRange(field: String) throws {
        // Given a file whose field holds 2^256 as a decimal string
        let current: [String: String] = ["nonce": "4", "value": "100000000000000000", "chainId": "31337",
                                         "safeTxGas": "0", "baseGas": "0", "gasPrice": "0"]
        let json = try Self.edited("\"\(field)\": \"\(current[field]!)\"", "\"\(field)\": \"\(Self.twoTo256)\"")
        // Then reading it is a typed error for that field
        #expect(throws: SafeTransactionFileError.invalidField(field, "must be a decimal string of digits below 2^256")) {
            try SafeTransactionFile(json: json)
        }
    }

    @Test("loose types are refused: signatures as an object, a number in exponent form, a number for a string")
    func looseTypes() throws {
        #expect(throws: SafeTransactionFileError.invalidField("signatures", "must be an array")) {
            try SafeTransactionFile(json: try Self.edited("\"signatures\": []", "\"signatures\": {}"))
        }
        #expect(throws: SafeTransactionFileError.invalidField("value", "must be a decimal string of digits below 2^256")) {
            try SafeTransactionFile(json: try Self.edited("\"value\": \"100000000000000000\"", "\"value\": \"1e17\""))
        }
        #expect(throws: SafeTransactionFileError.invalidField("nonce", "must be a string")) {
            try SafeTransactionFile(json: try Self.edited("\"nonce\": \"4\"", "\"nonce\": 4"))
        }
        #expect(throws: SafeTransactionFileError.invalidField("signatures[]", "each entry must be an object")) {
            try SafeTransactionFile(json: try Self.edited("\"signatures\": []", "\"signatures\": [1]"))
        }
    }

    @Test("a file with a duplicated key is refused, whichever copy a lenient parser would take")
    func duplicateKey() throws {
        let json = try Self.edited("\"nonce\": \"4\"", "\"nonce\": \"4\", \"nonce\": \"5\"")
        #expect(throws: SafeTransactionFileError.notJSON(JSONParseError.duplicateKey("nonce").description)) {
            try SafeTransactionFile(json: json)
        }
    }

    @Test("MultiSend refuses a value of 2^256 and a packed length beyond Int, as typed errors")
    func multiSendBounds() throws {
        let to = try Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
        #expect(throws: SafeKitError.valueOutOfRange("value")) { try MultiSend.pack([MultiSendCall(to: to, value: Self.twoTo256)]) }
        let hostile = [UInt8(0)] + to.bytes + [UInt8](repeating: 0, count: 32) + [UInt8](repeating: 0xff, count: 32)
        #expect(throws: SafeKitError.self) { try MultiSend.unpack(hostile) }
    }
}
