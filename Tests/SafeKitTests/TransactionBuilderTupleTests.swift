import BigInt
import EthereumKit
import Foundation
import SafeKit
import Testing

/// Issue 38, finding 8: a tuple given as a JSON object in `contractInputsValues` is read by its
/// components' names, never by the order of the object's keys, and a key that is missing or names
/// no component is refused with its name.
@Suite("Transaction Builder files: tuples given by name")
struct TransactionBuilderTupleTests {
    static let router = try! Address("0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6")
    static let carol = try! Address("0x90F79bf6EB2c4f870365E785982E1f101E93b906")

    /// `fill((address recipient, uint128 minOut, uint64 expiry) order, (uint256 id, (bytes32 tag, bool strict) rule)[] legs)`.
    static let method = #"{"name":"fill","payable":false,"inputs":[{"name":"order","type":"tuple","components":[{"name":"recipient","type":"address"},{"name":"minOut","type":"uint128"},{"name":"expiry","type":"uint64"}]},{"name":"legs","type":"tuple[]","components":[{"name":"id","type":"uint256"},{"name":"rule","type":"tuple","components":[{"name":"tag","type":"bytes32"},{"name":"strict","type":"bool"}]}]}]}"#
    static let signature = try! FunctionSignature("fill((address,uint128,uint64),(uint256,(bytes32,bool))[])")
    static let tag = "0x" + String(repeating: "ab", count: 32)

    static func file(order: String, legs: String = "[]") -> String {
        TransactionBuilderFileTests.file(#"{"to":"\#(router.checksummed)","value":"0","data":null,"contractMethod":\#(method),"contractInputsValues":{"order":\#(order),"legs":\#(legs)}}"#)
    }

    static func read(_ text: String) throws -> TransactionBuilderFile { try TransactionBuilderFile(json: try JSONParser.parse(text)) }

    /// The message of whatever `text` is refused with.
    static func refusal(_ text: String) -> String? {
        do { _ = try read(text); return nil } catch { return String(describing: error) }
    }

    @Test("an object's keys in another order than the components still give each component its own value, at any depth and inside arrays")
    func byName() throws {
        // Given the order's keys in reverse, and a leg whose inner tuple is also an object in reverse
        let order = #"{"expiry":"1750000000","minOut":"900","recipient":"\#(Self.carol.checksummed)"}"#
        let legs = #"[{"rule":{"strict":true,"tag":"\#(Self.tag)"},"id":"7"}, ["8", ["\#(Self.tag)", false]]]"#
        // When
        let calls = try Self.read(Self.file(order: order, legs: legs)).calls
        // Then the calldata is what the components' own order gives
        let tag = try [UInt8](hex: Self.tag)
        let expected = try Self.signature.encodeCall([
            .tuple([.address(Self.carol), .uint(900), .uint(1_750_000_000)]),
            .array([.tuple([.uint(7), .tuple([.bytes(tag), .bool(true)])]), .tuple([.uint(8), .tuple([.bytes(tag), .bool(false)])])]),
        ])
        #expect(calls == [MultiSendCall(to: Self.router, data: expected)])
        // And the same object given as JSON text (as the builder writes values) reads the same
        let asText = try Self.read(Self.file(order: "\"" + order.replacingOccurrences(of: "\"", with: "\\\"") + "\"", legs: "[]")).calls
        #expect(asText.first?.data == (try Self.signature.encodeCall([.tuple([.address(Self.carol), .uint(900), .uint(1_750_000_000)]), .array([])])))
    }

    @Test("a key that names no component is refused with its name and where it is, even when the count of keys is right")
    func unknownKey() {
        let misspelt = Self.refusal(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","minOut":"900","expiresAt":"1750000000"}"#))
        #expect(misspelt?.contains("expiresAt") == true && misspelt?.contains("order") == true && misspelt?.contains("transaction 1") == true,
                "\(misspelt ?? "accepted")")
        let extra = Self.refusal(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","minOut":"900","expiry":"1","slippage":"3"}"#))
        #expect(extra?.contains("slippage") == true, "\(extra ?? "accepted")")
        let nested = Self.refusal(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","minOut":"1","expiry":"2"}"#,
                                            legs: #"[{"id":"1","rule":{"tag":"\#(Self.tag)","strict":true,"loose":false}}]"#))
        #expect(nested?.contains("loose") == true && nested?.contains("legs[0].rule") == true, "\(nested ?? "accepted")")
        // The error is typed: the transaction, the input's path, the key and the components it could have been
        #expect(throws: TransactionBuilderError.transaction(index: 1, .unknownKey(input: "order", key: "expiresAt", components: ["recipient", "minOut", "expiry"]))) {
            try Self.read(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","minOut":"900","expiresAt":"1750000000"}"#))
        }
    }

    @Test("a missing component is refused with its name and where it is")
    func missingKey() {
        let missing = Self.refusal(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","expiry":"1750000000"}"#))
        #expect(missing?.contains("minOut") == true && missing?.contains("order") == true, "\(missing ?? "accepted")")
        let nested = Self.refusal(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","minOut":"1","expiry":"2"}"#,
                                            legs: #"[{"id":"1","rule":{"strict":true}}]"#))
        #expect(nested?.contains("tag") == true && nested?.contains("legs[0].rule") == true, "\(nested ?? "accepted")")
        #expect(throws: TransactionBuilderError.transaction(index: 1, .missingKey(input: "order", key: "minOut"))) {
            try Self.read(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","expiry":"1750000000"}"#))
        }
        #expect(throws: TransactionBuilderError.transaction(index: 1, .missingKey(input: "legs[0].rule", key: "tag"))) {
            try Self.read(Self.file(order: #"{"recipient":"\#(Self.carol.checksummed)","minOut":"1","expiry":"2"}"#, legs: #"[{"id":"1","rule":{"strict":true}}]"#))
        }
    }
}
