import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("Transactions: EIP-2930 and EIP-1559 (ethers v5)")
struct TypedTransactionTests {
    @Test("given every ethers v5 typed transaction, when built, signed and decoded, then payload, raw bytes and sender match")
    func ethersV5Typed() throws {
        let cases = try VectorValue.array(try Vectors.json("ethers-v5-typed-transactions.json.gz", in: .module))
        #expect(cases.count == 1792)
        var ran: [TransactionType: Int] = [:]
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let f = try c.require("tx")
            let typeNumber = try VectorValue.uint(f["type"])
            let type = try #require(TransactionType(rawValue: UInt8(typeNumber)))
            // ethers serialises a missing chain ID of a typed transaction as 0.
            let tx = try TransactionCheck.transaction(type, f, chainID: try VectorValue.uint(f["chainId"]))
            try TransactionCheck.run(
                tx, key: try PrivateKey(hex: try VectorValue.string(c["key"])),
                unsigned: try VectorValue.bytes(c["unsigned"]),
                signed: try VectorValue.bytes(c["signed"]),
                sender: try #require(try VectorValue.address(c["address"])), name: name
            )
            ran[type, default: 0] += 1
        }
        #expect(ran[.accessList] == 768)
        #expect(ran[.dynamicFee] == 1024)
    }

    @Test("given a typed transaction without a chain ID, when asked for its payload, then missingChainID is thrown")
    func typedNeedsChainID() {
        let tx = Transaction(type: .dynamicFee, chainID: nil, nonce: 0, gasLimit: 21000, to: .zero, value: 0)
        #expect(throws: TransactionError.missingChainID) { try tx.signingPayload() }
    }

    @Test("given raw bytes of an unknown or empty envelope, when decoded, then typed errors say why")
    func envelopeErrors() {
        #expect(throws: TransactionError.empty) { try SignedTransaction.decode([]) }
        #expect(throws: TransactionError.unsupportedType(3)) { try SignedTransaction.decode([0x03, 0xc0]) }
        #expect(throws: TransactionError.unsupportedType(0)) { try SignedTransaction.decode([0x00, 0xc0]) }
        #expect(throws: TransactionError.unsupportedType(0x80)) { try SignedTransaction.decode([0x80]) }
        #expect(throws: TransactionError.wrongFieldCount(expected: 12, got: 0)) { try SignedTransaction.decode([0x02, 0xc0]) }
        #expect(throws: TransactionError.wrongFieldCount(expected: 9, got: 0)) { try SignedTransaction.decode([0xc0]) }
        #expect(throws: TransactionError.rlp(.unexpectedBytes)) { try SignedTransaction.decode([0x02, 0x80]) }
        #expect(throws: TransactionError.rlp(.truncated)) { try SignedTransaction.decode([0x01, 0xc3, 0x80]) }
    }
}
