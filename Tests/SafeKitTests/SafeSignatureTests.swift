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

    @Test("bad blobs give typed errors: wrong length, contract signatures, unknown v, garbage")
    func badInput() throws {
        #expect(throws: SafeKitError.signatureLength(64)) { try SafeSignature.parse(packed: [UInt8](repeating: 1, count: 64), safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.unsupportedSignatureType(v: 0)) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 65), safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.unsupportedSignatureType(v: 29)) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 64) + [29], safeTxHash: Self.hash) }
        #expect(throws: SafeKitError.self) { try SafeSignature(bytes: [UInt8](repeating: 0, count: 64) + [27], safeTxHash: Self.hash) }
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let bytes = (0..<65).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? SafeSignature(bytes: bytes, safeTxHash: Self.hash)
        }
    }
}
