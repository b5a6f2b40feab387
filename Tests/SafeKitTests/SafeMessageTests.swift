import BigInt
import EthereumKit
import Foundation
import SafeKit
import TestSupport
import Testing

/// The SafeMessage hash of a text or typed-data message: its own digest as the standards define
/// it, wrapped in the Safe's domain. The on-chain `getMessageHash` of every release is checked in
/// the integration tests; here the pieces and what the hash depends on.
@Suite("Safe messages: the hash the owners sign")
struct SafeMessageTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")

    static func mail() throws -> (TypedData, [UInt8]) {
        let file = try Vectors.json("eip712_mail_example.json", in: .module)
        let typed = try TypedData(try #require(file["typedData"]))
        return (typed, try [UInt8](hex: try #require(file["digest"]?.stringValue)))
    }

    @Test("a text's digest is its EIP-191 hash; typed data's is the EIP-712 digest of the official Mail example")
    func digests() throws {
        let text = SafeMessage(safe: Self.safe, chainID: 1, version: .v1_4_1, content: .text("Sign in to app.example"))
        #expect(try text.digest() == PersonalMessage.hash(Array("Sign in to app.example".utf8)))
        let (typed, digest) = try Self.mail()
        #expect(try SafeMessage(safe: Self.safe, chainID: 1, version: .v1_4_1, content: .typedData(typed, json: "")).digest() == digest)
    }

    @Test("the hash is the digest wrapped in the Safe's domain: another Safe, chain or domain layout gives another hash")
    func domain() throws {
        func hash(safe: Address = Self.safe, chain: BigUInt = 1, _ version: SafeVersion = .v1_4_1) throws -> [UInt8] {
            try SafeMessage(safe: safe, chainID: chain, version: version, content: .text("hello")).hash()
        }
        let base = try hash()
        let digest = try SafeMessage(safe: Self.safe, chainID: 1, version: .v1_4_1, content: .text("hello")).digest()
        #expect(base.count == 32 && base != digest)
        let other = try Address("0x0000000000000000000000000000000000000001")
        #expect(try hash(chain: 5) != base)
        #expect(try hash(safe: other) != base)
        #expect(try hash(.v1_3_0) == base, "1.3.0 and 1.4.1 share the domain layout")
        #expect(try hash(chain: 1, .v1_1_1) == hash(chain: 5, .v1_1_1), "before 1.3.0 the domain has no chain ID")
    }

    @Test("a nested Safe's confirmation of a parent's transaction is the same SafeMessage hash of what the parent asks about")
    func sharedWithContractSignatures() throws {
        let tx = SafeTx(safe: Self.safe, chainID: 1, version: .v1_4_1, to: Self.safe, value: 1, nonce: 3)
        let child = try Address("0x00000000000000000000000000000000000000c1")
        #expect(try ContractSignature.childMessageHash(for: tx, child: child, childVersion: .v1_4_1)
                == SafeMessage.hash(of: try tx.encodedData(), safe: child, chainID: 1, version: .v1_4_1))
    }

    @Test("what a child Safe's owners sign for a parent's message follows the parent's release: the digest (1.3.0), the preimage (1.4.1), the hash (1.5.0)")
    func childHashByRelease() throws {
        let child = try Address("0x00000000000000000000000000000000000000c1")
        func parent(_ version: SafeVersion) -> SafeMessage { SafeMessage(safe: Self.safe, chainID: 1, version: version, content: .text("vote")) }
        let forms: [(SafeVersion, (SafeMessage) throws -> [UInt8])] = [(.v1_3_0, { try $0.digest() }), (.v1_4_1, { try $0.preimage() }),
                                                                       (.v1_5_0, { try $0.hash() })]
        var seen = Set<[UInt8]>()
        for (version, asked) in forms {
            let expected = try SafeMessage.hash(of: try asked(parent(version)), safe: child, chainID: 1, version: .v1_4_1)
            #expect(try parent(version).childMessageHash(child: child, childVersion: .v1_4_1) == expected, "\(version.rawValue)")
            seen.insert(expected)
        }
        #expect(seen.count == 3)
    }

    @Test("typed data that does not hash is a typed error")
    func badTypedData() throws {
        let typed = try TypedData(try JSONParser.parse(#"{"types":{"EIP712Domain":[],"M":[{"name":"x","type":"uint8"}]},"primaryType":"M","domain":{},"message":{"x":"300"}}"#))
        #expect(throws: SafeKitError.self) { try SafeMessage(safe: Self.safe, chainID: 1, version: .v1_4_1, content: .typedData(typed, json: "")).hash() }
    }
}
