import BigInt
import EthereumKit
import Foundation
import SafeKit
import TestSupport
import Testing

@Suite("Safe signatures")
struct SafeSignatureTests {
    static let hash = try! Hex.decode("0x4de27e660bd23052b71c854b0188ef1c5b325b10075c70f27afe2343e5c287f5")
    // Hardhat dev keys 0–2: public throwaway keys.
    static let keys = [
        "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
        "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
        "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9ad5ceb3ab82a",
    ].map { try! PrivateKey(hex: $0) }

    @Test("safe-core-sdk vectors: v 27/28 recovers over the hash, v 31/32 over the eth_sign hash")
    func sdkVectors() throws {
        let v = try Vectors.json("safe_tx_hash_cases.json", in: .module)["signature_v_vectors"]!
        let hash = try Hex.decode(v["safeTxHash"]!.text!)
        let plain = try SafeSignature(bytes: try Hex.decode(v["signed_without_prefix"]!["signature"]!.text!), safeTxHash: hash)
        #expect(plain.kind == .ecdsa)
        #expect(plain.owner == (try Address(v["signed_without_prefix"]!["owner"]!.text!)))
        let adjusted = try SafeSignature(bytes: try Hex.decode(v["signed_with_eth_sign_prefix"]!["adjusted_for_safe_eth_sign_v_plus_4"]!.text!),
                                         safeTxHash: hash)
        #expect(adjusted.kind == .ethSign)
        #expect(adjusted.owner == (try Address(v["signed_with_eth_sign_prefix"]!["owner"]!.text!)))
        let fromWallet = try SafeSignature.fromEthSign(try Hex.decode(v["signed_with_eth_sign_prefix"]!["signature"]!.text!), safeTxHash: hash)
        #expect(fromWallet == adjusted)
    }

    @Test("signing then parsing recovers the signer; v is 27 or 28")
    func signRoundTrip() throws {
        for key in Self.keys {
            let sig = try SafeSignature.sign(safeTxHash: Self.hash, with: key)
            #expect(sig.bytes.count == 65)
            #expect(sig.bytes[64] == 27 || sig.bytes[64] == 28)
            #expect(try SafeSignature(bytes: sig.bytes, safeTxHash: Self.hash) == sig)
        }
    }

    @Test("packing sorts by owner ascending, drops duplicates, and parses back to the same owners")
    func packing() throws {
        let sigs = try Self.keys.map { try SafeSignature.sign(safeTxHash: Self.hash, with: $0) }
        let approved = SafeSignature.approvedHash(by: try Address("0x0000000000000000000000000000000000000abc"))
        let packed = SafeSignature.pack(sigs.reversed() + [sigs[0], approved])
        #expect(packed.count == 4 * 65)
        let parsed = try SafeSignature.parse(packed: packed, safeTxHash: Self.hash)
        #expect(parsed.map(\.owner) == parsed.map(\.owner).sorted())
        #expect(parsed.first == approved)
        #expect(Set(parsed.map(\.owner)) == Set(sigs.map(\.owner) + [approved.owner]))
    }

    @Test("approved-hash signatures carry the owner in r and v = 1")
    func approvedHash() throws {
        let owner = Self.keys[1].address
        let sig = SafeSignature.approvedHash(by: owner)
        #expect(sig.bytes[64] == 1)
        #expect(Array(sig.bytes[12..<32]) == owner.bytes)
        #expect(try SafeSignature(bytes: sig.bytes, safeTxHash: Self.hash).owner == owner)
    }

    @Test("a contract signature (v = 0) packs its data after every 65-byte part, s its offset, and parses back whole")
    func contractSignatures() throws {
        let child = try Address("0x00000000000000000000000000000000000000c1")
        let other = try Address("0xffffffffffffffffffffffffffffffffffffff00")
        let ecdsa = try SafeSignature.sign(safeTxHash: Self.hash, with: Self.keys[0])
        let first = SafeSignature.contract(owner: child, data: [1, 2, 3])
        let last = SafeSignature.contract(owner: other, data: Array(repeating: 9, count: 70))
        let packed = SafeSignature.pack([last, ecdsa, first])
        // Three static parts, then 32 + 3 and 32 + 70 bytes of data.
        #expect(packed.count == 3 * 65 + 35 + 102)
        #expect(BigUInt(Data(packed[32..<64])) == 195 && packed[64] == 0)
        #expect(BigUInt(Data(packed[130 + 32..<130 + 64])) == 195 + 35 && packed[130 + 64] == 0)
        let parsed = try SafeSignature.parse(packed: packed, safeTxHash: Self.hash)
        #expect(parsed == [first, ecdsa, last])
        #expect(parsed[0].contractData == [1, 2, 3] && parsed[0].kind == .contract && parsed[2].contractData.count == 70)
        // The one-signature form stored and exchanged: 65 bytes, then the data.
        #expect(try SafeSignature(bytes: last.bytes, safeTxHash: Self.hash) == last)
        #expect(try SafeSignature.parse(packed: SafeSignature.pack([first]), safeTxHash: Self.hash) == [first])
    }

    @Test("the owner contract is asked the way each release asks: isValidSignature(bytes,bytes) with the preimage up to 1.4.1, (bytes32,bytes) with the hash in 1.5.0")
    func contractValidation() throws {
        let parent = try Address("0x00000000000000000000000000000000000000a1"), child = try Address("0x00000000000000000000000000000000000000c1")
        let legacy = SafeTx(safe: parent, chainID: 31337, version: .v1_4_1, to: child, value: 5, nonce: 2)
        var modern = legacy
        modern.version = .v1_5_0
        #expect(Array(try ContractSignature.validationCall(for: legacy, signature: [7]).prefix(4)) == [0x20, 0xc1, 0x3b, 0x0b])
        #expect(Array(try ContractSignature.validationCall(for: modern, signature: [7]).prefix(4)) == [0x16, 0x26, 0xba, 0x7e])
        let magicLegacy: [UInt8] = [0x20, 0xc1, 0x3b, 0x0b] + [UInt8](repeating: 0, count: 28)
        #expect(ContractSignature.accepts(magicLegacy, for: legacy) && !ContractSignature.accepts(magicLegacy, for: modern))
        // SafeMessage(bytes message) over what the parent passes: keccak(message) is the safeTxHash itself up to 1.4.1.
        let typeHash = Keccak256.hash(Array("SafeMessage(bytes message)".utf8))
        let domain = try SafeTx(safe: child, chainID: 31337, version: .v1_4_1, to: .zero, nonce: 0).domainSeparator()
        let expected = Keccak256.hash([0x19, 0x01] + domain + Keccak256.hash(typeHash + (try legacy.hash())))
        #expect(try ContractSignature.childMessageHash(for: legacy, child: child, childVersion: .v1_4_1) == expected)
        let modernExpected = Keccak256.hash([0x19, 0x01] + domain + Keccak256.hash(typeHash + Keccak256.hash(try modern.hash())))
        #expect(try ContractSignature.childMessageHash(for: modern, child: child, childVersion: .v1_4_1) == modernExpected)
    }

    @Test("a contract signature whose offset points into the 65-byte parts, or whose data runs past the end, is refused")
    func contractSignatureBounds() throws {
        let child = try Address("0x00000000000000000000000000000000000000c1")
        let ecdsa = try SafeSignature.sign(safeTxHash: Self.hash, with: Self.keys[1])
        let good = SafeSignature.pack([SafeSignature.contract(owner: child, data: [5, 6]), ecdsa])
        var inside = good
        inside[63] = 65  // the data would start in the second signature
        #expect(throws: SafeKitError.self) { try SafeSignature.parse(packed: inside, safeTxHash: Self.hash) }
        var long = good
        long[130 + 31] = 200  // a length past the end
        #expect(throws: SafeKitError.self) { try SafeSignature.parse(packed: long, safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.self) { try SafeSignature.parse(packed: Array(good.dropLast()), safeTxHash: Self.hash) }
        var huge = good
        for i in 32..<64 { huge[i] = 0xff }
        #expect(throws: SafeKitError.self) { try SafeSignature.parse(packed: huge, safeTxHash: Self.hash) }
    }

    @Test("bad blobs give typed errors: wrong length, a contract signature without a contract, unknown v, garbage")
    func badInput() throws {
        #expect(throws: SafeKitError.signatureLength(64)) { try SafeSignature.parse(packed: [UInt8](repeating: 1, count: 64), safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.self) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 65), safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.signatureLength(66)) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 64) + [27, 0], safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.unsupportedSignatureType(v: 29)) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 64) + [29], safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.self) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 64) + [27], safeTxHash: Self.hash) }
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let bytes = (0..<65).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? SafeSignature(bytes: bytes, safeTxHash: Self.hash)
        }
    }
}
