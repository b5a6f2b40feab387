import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("Transactions: ethereum/tests decoding (Cancun rules)")
struct TransactionDecodingTests {
    /// The TransactionError each ethereum/tests exception corresponds to.
    static let exceptions: [String: TransactionError] = [
        "TransactionException.GASLIMIT_PRICE_PRODUCT_OVERFLOW": .gasFeeProductOverflow,
        "TransactionException.RLP_LEADING_ZEROS_BASEFEE": .leadingZeros("maxFeePerGas"),
        "TransactionException.GASPRICE_OVERFLOW": .integerTooLarge("maxFeePerGas"),
        "TransactionException.RLP_LEADING_ZEROS_PRIORITY_FEE": .leadingZeros("maxPriorityFeePerGas"),
        "TransactionException.PRIORITY_OVERFLOW": .integerTooLarge("maxPriorityFeePerGas"),
        "TransactionException.PRIORITY_GREATER_THAN_MAX_FEE_PER_GAS_2": .priorityFeeAboveMaxFee,
        "TransactionException.RLP_INVALID_ACCESS_LIST_ADDRESS_TOO_LONG": .invalidAddress("access list address"),
        "TransactionException.RLP_INVALID_ACCESS_LIST_ADDRESS_TOO_SHORT": .invalidAddress("access list address"),
        "TransactionException.RLP_INVALID_ACCESS_LIST_STORAGE_TOO_SHORT": .invalidStorageKey,
        "TransactionException.RLP_INVALID_ACCESS_LIST_STORAGE_TOO_LONG": .invalidStorageKey,
    ]

    @Test("given every Cancun case, when decoded, then valid ones give the expected hash and sender and invalid ones the mapped TransactionError")
    func cancunCases() throws {
        let file = try Vectors.json("TransactionTests_typed_cancun.json", in: .module)
        let cases = try #require(file["cases"]?.objectValue)
        #expect(cases.count == 16)
        var valid = 0
        var invalid = 0
        for (name, c) in cases {
            let bytes = try VectorValue.bytes(c["txbytes"])
            let result = try c.require("result_Cancun")
            if let exception = result["exception"]?.stringValue {
                let expected = try #require(Self.exceptions[exception], "no mapping for \(exception)")
                #expect(throws: expected, "\(name)") { try SignedTransaction.decode(bytes) }
                invalid += 1
            } else {
                let tx = try SignedTransaction.decode(bytes)
                #expect(Hex.encode(tx.hash) == (try VectorValue.string(result["hash"])), "\(name)")
                #expect(try tx.sender() == (try VectorValue.address(result["sender"])), "\(name)")
                #expect(tx.raw == bytes, "\(name)")
                valid += 1
            }
        }
        #expect(valid == 2)
        #expect(invalid == 14)
    }

    @Test("given a signature with r or s zero or not below the curve order, or a high s, then decoding or recovery refuses it")
    func signatureBounds() throws {
        let key = try PrivateKey(hex: "0x4646464646464646464646464646464646464646464646464646464646464646")
        let tx = Transaction(type: .dynamicFee, chainID: 1, nonce: 0, maxPriorityFeePerGas: 1, maxFeePerGas: 2,
                             gasLimit: 21000, to: .zero, value: 0)
        let signed = try tx.sign(with: key)
        let envelope = Array(signed.raw.dropFirst())
        var fields = try #require(try RLPDecoder.decode(envelope).listValue)
        let order = BigUInt("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", radix: 16)!
        func raw(_ f: [RLPItem]) -> [UInt8] { [0x02] + RLPEncoder.encode(.list(f)) }

        for bad in [BigUInt(0), order, order + 1] {
            var f = fields
            f[10] = .uint(bad)
            #expect(throws: TransactionError.invalidSignature) { try SignedTransaction.decode(raw(f)) }
            f = fields
            f[11] = .uint(bad)
            #expect(throws: TransactionError.invalidSignature) { try SignedTransaction.decode(raw(f)) }
        }
        fields[9] = .uint(BigUInt(2))
        #expect(throws: TransactionError.invalidV("2")) { try SignedTransaction.decode(raw(fields)) }

        // The same signature with s' = n - s (and flipped parity) is valid ECDSA but violates EIP-2.
        var high = try #require(try RLPDecoder.decode(envelope).listValue)
        let s = BigUInt(Data(signed.signature.s))
        high[9] = .uint(BigUInt(1 - signed.signature.recoveryID))
        high[11] = .uint(order - s)
        let decoded = try SignedTransaction.decode(raw(high))
        #expect(!decoded.signature.isLowS)
        #expect(throws: TransactionError.highS) { try decoded.sender() }
    }
}
