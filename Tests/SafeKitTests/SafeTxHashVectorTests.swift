import BigInt
import EthereumKit
import Foundation
import SafeKit
import TestSupport
import Testing

@Suite("SafeTx hash vectors")
struct SafeTxHashVectorTests {
    static func cases() throws -> [JSONValue] {
        try Vectors.json("safe_tx_hash_cases.json", in: .module)["cases"]?.arrayValue ?? []
    }

    static func safeTx(_ c: JSONValue) throws -> SafeTx {
        func addr(_ k: String) throws -> Address { try Address(c[k]!.text!.lowercased()) }
        func num(_ k: String) -> BigUInt { IntegerText.parseUnsigned(c[k]!.text!)! }
        return SafeTx(safe: try addr("safe"), chainID: c["chainId"]?.text.flatMap(IntegerText.parseUnsigned),
                      version: SafeVersion(rawValue: c["safe_version"]!.text!)!, to: try addr("to"), value: num("value"),
                      data: try Hex.decode(c["data"]!.text!), operation: SafeOperation(rawValue: UInt8(c["operation"]!.text!)!)!, safeTxGas: num("safeTxGas"),
                      baseGas: num("baseGas"), gasPrice: num("gasPrice"), gasToken: try addr("gasToken"),
                      refundReceiver: try addr("refundReceiver"), nonce: num("nonce"))
    }

    @Test("every case in safe_tx_hash_cases.json hashes to its expected safeTxHash, domain and struct hash")
    func vectors() throws {
        let cases = try Self.cases()
        #expect(cases.count == 6)
        var checked = 0
        for c in cases {
            let tx = try Self.safeTx(c)
            #expect(Hex.encode(try tx.hash()) == c["expected_safeTxHash"]?.text, "\(c["name"]!.text!)")
            #expect(Hex.encode(try tx.domainSeparator()) == c["domainSeparator_computed_here"]?.text)
            #expect(Hex.encode(try tx.structHash) == c["structHash_computed_here"]?.text)
            if let d = c["expected_domainSeparator"]?.text { #expect(Hex.encode(try tx.domainSeparator()) == d) }
            if let s = c["expected_structHash"]?.text { #expect(Hex.encode(try tx.structHash) == s) }
            checked += 1
        }
        #expect(checked == 6)
    }

    @Test("a 1.3.0+ transaction without a chain ID is refused, not hashed with a guess")
    func chainIDRequired() throws {
        var tx = try Self.safeTx(try Self.cases()[4])
        tx.chainID = nil
        #expect(throws: SafeKitError.chainIDRequired(.v1_3_0)) { try tx.hash() }
    }

    @Test("the same transaction hashes differently on another chain and for another Safe")
    func domainSeparates() throws {
        let tx = try Self.safeTx(try Self.cases()[4])
        var other = tx
        other.chainID = 5
        #expect(try tx.hash() != other.hash())
        other = tx
        other.safe = Address.zero
        #expect(try tx.hash() != other.hash())
    }
}
