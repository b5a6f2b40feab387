import BigInt
import EthereumKit
import Testing

/// Issue 15: Bifrost signed transactions that it then refused to decode. One validation now
/// serves both, so whatever signs also decodes, and the rest is a typed error before signing.
@Suite("Transaction field validation")
struct HostileTransactionFieldTests {
    // The EIP-155 example key: public and throwaway.
    static let key = try! PrivateKey(hex: "0x4646464646464646464646464646464646464646464646464646464646464646")
    static let to = try! Address("0x3535353535353535353535353535353535353535")
    static let twoTo256 = BigUInt(1) << 256

    static func eip1559() -> Transaction {
        Transaction(type: .dynamicFee, chainID: 1, nonce: 0, maxPriorityFeePerGas: 1, maxFeePerGas: 2, gasLimit: 21_000, to: to, value: 1)
    }

    @Test("a field of 2^256 is refused by name before signing, for every integer field",
          arguments: ["nonce", "gasLimit", "value", "maxPriorityFeePerGas", "maxFeePerGas", "chainId"])
    func tooLarge(field: String) {
        // Given a transaction with one field at 2^256
        var tx = Self.eip1559()
        switch field {
        case "nonce": tx.nonce = Self.twoTo256
        case "gasLimit": tx.gasLimit = Self.twoTo256
        case "value": tx.value = Self.twoTo256
        case "maxPriorityFeePerGas": tx.maxPriorityFeePerGas = Self.twoTo256
        case "maxFeePerGas": tx.maxFeePerGas = Self.twoTo256
        default: tx.chainID = Self.twoTo256
        }
        // Then signing throws instead of producing bytes a node (and Bifrost's decoder) refuses
        #expect(throws: TransactionError.integerTooLarge(field)) { try tx.signingPayload() }
    }

    @Test("what decode refuses, sign refuses: tip above fee cap, gas × fee overflow, an EIP-155 v beyond 256 bits")
    func sameRules() throws {
        var tip = Self.eip1559()
        tip.maxPriorityFeePerGas = 3
        #expect(throws: TransactionError.priorityFeeAboveMaxFee) { try tip.sign(with: Self.key) }

        var product = Self.eip1559()
        product.gasLimit = Self.twoTo256 - 1
        #expect(throws: TransactionError.gasFeeProductOverflow) { try product.sign(with: Self.key) }

        let legacy = Transaction(type: .legacy, chainID: (Self.twoTo256 - 36) / 2 + 1, nonce: 0, gasPrice: 1, gasLimit: 21_000, to: Self.to, value: 0)
        #expect(throws: TransactionError.integerTooLarge("chainId")) { try legacy.sign(with: Self.key) }
    }

    @Test("the largest values that sign also decode back to the same transaction")
    func boundaryRoundTrip() throws {
        var tx = Self.eip1559()
        tx.nonce = BigUInt(UInt64.max) - 1 // EIP-2681's largest; the other fields reach 2^256 - 1
        tx.value = Self.twoTo256 - 1
        tx.maxPriorityFeePerGas = 0
        tx.maxFeePerGas = 0
        let signed = try tx.sign(with: Self.key)
        #expect(try SignedTransaction.decode(signed.raw).transaction == tx)
    }

    @Test("amounts above 2^256 - 1 are refused when typed")
    func amountBound() throws {
        #expect(throws: AmountError.tooLarge) { try EtherAmount(parsing: "\(Self.twoTo256)") }
        // 10^60 ether is 10^78 wei, above 2^256 ≈ 1.16 × 10^77.
        #expect(throws: AmountError.tooLarge) { try EtherAmount(parsing: "1" + String(repeating: "0", count: 60) + "ether") }
        #expect(try EtherAmount(parsing: "\(Self.twoTo256 - 1)").wei == Self.twoTo256 - 1)
    }

    @Test("JSON with a repeated key is refused at any depth, and distinct keys still parse")
    func duplicateKeys() throws {
        #expect(throws: JSONParseError.duplicateKey("a")) { try JSONParser.parse(#"{"a":1,"a":2}"#) }
        #expect(throws: JSONParseError.duplicateKey("b")) { try JSONParser.parse(#"[{"x":{"b":1,"c":2,"b":3}}]"#) }
        #expect(try JSONParser.parse(#"{"a":{"a":1},"b":[{"a":2}]}"#)["b"]?.arrayValue?.count == 1)
    }
}

@Suite("ABI type nesting")
struct ABITypeNestingTests {
    @Test("types nested past 32 levels are refused as typed errors instead of exhausting the stack; 32 levels still parse")
    func nesting() throws {
        let deepTuple = String(repeating: "(", count: 3_000) + "uint256" + String(repeating: ")", count: 3_000)
        #expect(throws: ABITypeError.self) { try ABIType(parsing: deepTuple) }
        #expect(throws: ABITypeError.self) { try ABIType(parsing: "uint256" + String(repeating: "[]", count: 30_000)) }
        #expect(throws: ABITypeError.self) { try FunctionSignature("f(" + deepTuple + ")") }
        let ok = String(repeating: "(", count: 16) + "uint8" + String(repeating: ")", count: 16) + String(repeating: "[]", count: 16)
        #expect(try ABIType(parsing: ok).description == ok)
        do { _ = try ABIType(parsing: deepTuple) } catch { #expect(error.description.count < 200) }
    }

    @Test("an empty tuple and a zero-length fixed array are not types (Solidity has neither), while f() still has no parameters; found by fuzzing")
    func emptyTuple() throws {
        for text in ["()", "()[2]", "(uint256,())", "(()[])", "uint256[0]", "uint256[0][2]", "(bool[0])[]"] {
            #expect(throws: ABITypeError.self, "\(text)") { try ABIType(parsing: text) }
        }
        #expect(try FunctionSignature("f()").inputs.isEmpty)
        #expect(try FunctionSignature("balanceOf(address)(uint256)").outputs == [.uint(bits: 256)])
    }
}
