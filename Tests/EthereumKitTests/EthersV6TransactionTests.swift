import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("Transactions: ethers v6 vectors")
struct EthersV6TransactionTests {
    /// The variants in scope, with the envelope each uses. The Cancun (type 3, blob) variant is
    /// out of scope and not run.
    enum Variant: String, CaseIterable, Sendable {
        case legacy = "Legacy", eip155 = "Eip155", berlin = "Berlin", london = "London"

        var type: TransactionType {
            switch self {
            case .legacy, .eip155: return .legacy
            case .berlin: return .accessList
            case .london: return .dynamicFee
            }
        }
    }

    /// The 3200 cases, parsed once and shared by the four variant runs.
    static let cases = Result { try VectorValue.array(try Vectors.json("ethers-v6-transactions.json.gz", in: .module)) }

    @Test("given all 3200 ethers v6 transactions, when the variant is built, signed and decoded, then payload, raw bytes, v/r/s and sender match",
          arguments: Variant.allCases)
    func variant(_ variant: Variant) throws {
        let cases = try Self.cases.get()
        #expect(cases.count == 3200)
        var ran = 0
        var notApplicable = 0
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let f = try c.require("transaction")
            let unsigned = try VectorValue.string(c["unsigned\(variant.rawValue)"])
            let signed = try VectorValue.string(c["signed\(variant.rawValue)"])
            // ethers leaves the EIP-155 variant empty when the transaction has no chain ID.
            if unsigned.isEmpty {
                #expect(variant == .eip155 && f["chainId"] == nil, "\(name) \(variant)")
                #expect(signed.isEmpty)
                notApplicable += 1
                continue
            }
            let key = try PrivateKey(hex: try VectorValue.string(c["privateKey"]))
            let chainID: BigUInt? = variant == .legacy ? nil : try VectorValue.uint(f["chainId"])
            let decoded = try TransactionCheck.run(
                TransactionCheck.transaction(variant.type, f, chainID: chainID), key: key,
                unsigned: try Hex.decode(unsigned), signed: try Hex.decode(signed), sender: key.address,
                name: "\(name) \(variant)"
            )
            let sig = try c.require("signature\(variant.rawValue)")
            #expect(decoded.v == (try VectorValue.uint(sig["v"])), "\(name) \(variant) v")
            #expect(Hex.encode(decoded.signature.r) == (try VectorValue.string(sig["r"])), "\(name) \(variant) r")
            #expect(Hex.encode(decoded.signature.s) == (try VectorValue.string(sig["s"])), "\(name) \(variant) s")
            ran += 1
        }
        // 1664 of the cases carry a chain ID; the others have no EIP-155 form.
        #expect(ran == (variant == .eip155 ? 1664 : 3200))
        #expect(ran + notApplicable == 3200)
    }
}
