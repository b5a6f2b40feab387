import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("Transactions: legacy and EIP-155")
struct LegacyTransactionTests {
    @Test("given the EIP-155 example, when signed, then signing data, hash, v, r, s and the raw transaction match the EIP")
    func eip155Example() throws {
        let file = try Vectors.json("eip155_example.json", in: .module)
        let f = try file.require("tx")
        let tx = try TransactionCheck.transaction(.legacy, f, chainID: try VectorValue.uint(f["chainId"]))
        let key = try PrivateKey(hex: try VectorValue.string(file["privateKey"]))

        #expect(Hex.encode(try tx.signingHash()) == (try VectorValue.string(file["signingHash"])))
        let signed = try tx.sign(with: key)
        #expect(signed.v == (try VectorValue.uint(file["v"])))
        #expect(Hex.encode(signed.signature.r) == (try VectorValue.string(file["r_hex"])))
        #expect(Hex.encode(signed.signature.s) == (try VectorValue.string(file["s_hex"])))
        #expect(BigUInt(Data(signed.signature.r)) == (try VectorValue.uint(file["r_dec"])))
        #expect(BigUInt(Data(signed.signature.s)) == (try VectorValue.uint(file["s_dec"])))
        try TransactionCheck.run(
            tx, key: key,
            unsigned: try VectorValue.bytes(file["signingData"]),
            signed: try VectorValue.bytes(file["signedTx"]),
            sender: try #require(try VectorValue.address(file["sender_derived_not_in_eip"])),
            hash: try VectorValue.bytes(file["signedTxHash_derived_not_in_eip"]),
            name: "eip155"
        )
    }

    @Test("given every ethers v5 transaction, when built, signed and decoded without and with chain ID 5, then all bytes and the sender match")
    func ethersV5() throws {
        let cases = try VectorValue.array(try Vectors.json("ethers-v5-transactions.json.gz", in: .module))
        #expect(cases.count == 1067)
        var ran = (unprotected: 0, chain5: 0)
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let key = try PrivateKey(hex: try VectorValue.string(c["privateKey"]))
            let sender = try #require(try VectorValue.address(c["accountAddress"]))
            #expect(key.address == sender, "\(name): key address")
            let fields = try TransactionCheck.fields(c)

            try TransactionCheck.run(
                TransactionCheck.transaction(.legacy, fields, chainID: nil), key: key,
                unsigned: try VectorValue.bytes(c["unsignedTransaction"]),
                signed: try VectorValue.bytes(c["signedTransaction"]),
                sender: sender, name: name
            )
            ran.unprotected += 1

            try TransactionCheck.run(
                TransactionCheck.transaction(.legacy, fields, chainID: 5), key: key,
                unsigned: try VectorValue.bytes(c["unsignedTransactionChainId5"]),
                signed: try VectorValue.bytes(c["signedTransactionChainId5"]),
                sender: sender, name: "\(name) chainId 5"
            )
            ran.chain5 += 1
        }
        #expect(ran.unprotected == 1067)
        #expect(ran.chain5 == 1067)
    }

    @Test("given a legacy raw transaction with a v that is neither 27/28 nor EIP-155, when decoded, then invalidV is thrown")
    func invalidV() throws {
        let tx = Transaction(type: .legacy, chainID: nil, nonce: 1, gasPrice: 1, gasLimit: 21000, to: .zero, value: 1)
        let key = try PrivateKey(hex: "0x4646464646464646464646464646464646464646464646464646464646464646")
        let signed = try tx.sign(with: key)
        var fields = try #require(try RLPDecoder.decode(signed.raw).listValue)
        for bad: UInt64 in [0, 1, 26, 29, 34] {
            fields[6] = .uint(bad)
            #expect(throws: TransactionError.invalidV(String(bad))) { try SignedTransaction.decode(RLPEncoder.encode(.list(fields))) }
        }
    }

    @Test("given a legacy transaction without chain ID, then v is 27 or 28 and the payload has six fields")
    func unprotected() throws {
        let tx = Transaction(type: .legacy, chainID: nil, nonce: 0, gasPrice: 0, gasLimit: 0, to: nil, value: 0)
        #expect(try tx.signingPayload() == [0xc6, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80])
        let signed = try tx.sign(with: try PrivateKey(hex: "0x0123456789012345678901234567890123456789012345678901234567890123"))
        #expect(signed.v == 27 || signed.v == 28)
    }
}
