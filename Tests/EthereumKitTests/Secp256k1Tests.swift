import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("secp256k1 keys, signatures and accounts")
struct Secp256k1Tests {
    static let order = BigUInt("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", radix: 16)!

    static func bytes32(_ v: BigUInt) -> [UInt8] { v.word! }

    @Test("given every ethers v6 account, when the private key is loaded, then its address matches in EIP-55 form")
    func ethersAccounts() throws {
        let cases = try VectorValue.array(try Vectors.json("ethers-v6-accounts.json.gz", in: .module))
        #expect(cases.count == 259)
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let key = try PrivateKey(hex: try VectorValue.string(c["privateKey"]))
            let address = try VectorValue.string(c["address"])
            #expect(key.address.checksummed == address, "\(name)")
            #expect(key.publicKey.address == (try Address(address)), "\(name)")
        }
    }

    @Test("given zero, the curve order and above, or a wrong length, when used as a private key, then invalidPrivateKey is thrown")
    func keyRange() throws {
        for bad in [BigUInt(0), Self.order, Self.order + 1, (BigUInt(1) << 256) - 1] {
            #expect(throws: KeyMaterialError.invalidPrivateKey) { try PrivateKey(bytes: Self.bytes32(bad)) }
        }
        #expect(throws: KeyMaterialError.invalidPrivateKey) { try PrivateKey(bytes: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: KeyMaterialError.invalidPrivateKey) { try PrivateKey(bytes: [UInt8](repeating: 1, count: 33)) }
        #expect(throws: KeyMaterialError.invalidPrivateKey) { try PrivateKey(hex: "0xnothex") }
        _ = try PrivateKey(bytes: Self.bytes32(1))
        _ = try PrivateKey(bytes: Self.bytes32(Self.order - 1))
    }

    @Test("given many keys and digests, when signed and recovered, then signatures are deterministic, low-s and recover the signer")
    func signRecoverRoundTrips() throws {
        var count = 0
        for i in 0..<200 {
            let key = try PrivateKey(bytes: Keccak256.hash(Array("bifrost key \(i)".utf8)))
            let digest = Keccak256.hash(Array("message \(i)".utf8))
            let signature = try key.sign(digest: digest)
            #expect(signature.isLowS)
            #expect(signature.r.count == 32 && signature.s.count == 32)
            #expect(signature.recoveryID <= 1)
            #expect(try key.sign(digest: digest) == signature, "RFC 6979 is deterministic")
            #expect(try PublicKey.recover(digest: digest, signature: signature) == key.publicKey)
            #expect(try PublicKey.recover(digest: digest, signature: try Signature(rsv: signature.rsv)) == key.publicKey)
            let wrongDigest = Keccak256.hash(digest)
            #expect((try? PublicKey.recover(digest: wrongDigest, signature: signature)) != key.publicKey)
            count += 1
        }
        #expect(count == 200)
    }

    @Test("given a key, then compressed and uncompressed public keys parse back to the same key")
    func publicKeyEncodings() throws {
        let key = try PrivateKey(hex: "0x0000000000000000000000000000000000000000000000000000000000000001")
        let pub = key.publicKey
        #expect(Hex.encode(pub.compressed) == "0x0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        #expect(pub.uncompressed.count == 65 && pub.uncompressed[0] == 4)
        #expect(try PublicKey(bytes: pub.compressed) == pub)
        #expect(try PublicKey(bytes: pub.uncompressed) == pub)
        #expect(throws: KeyMaterialError.invalidPublicKey) { try PublicKey(bytes: [0x04] + [UInt8](repeating: 0, count: 64)) }
        #expect(throws: KeyMaterialError.invalidPublicKey) { try PublicKey(bytes: []) }
    }

    @Test("given malformed 65-byte signatures, then typed errors are thrown")
    func signatureParsing() throws {
        let digest = Keccak256.hash([1, 2, 3])
        #expect(throws: KeyMaterialError.invalidSignature) { try Signature(rsv: [UInt8](repeating: 1, count: 64)) }
        #expect(throws: KeyMaterialError.invalidRecoveryID(29)) { try Signature(rsv: [UInt8](repeating: 1, count: 64) + [29]) }
        let zero = try Signature(rsv: [UInt8](repeating: 0, count: 64) + [27])
        #expect(throws: KeyMaterialError.self) { try PublicKey.recover(digest: digest, signature: zero) }
        let overflow = Signature(r: [UInt8](repeating: 0xff, count: 32), s: [UInt8](repeating: 0xff, count: 32), recoveryID: 0)
        #expect(throws: KeyMaterialError.invalidSignature) { try PublicKey.recover(digest: digest, signature: overflow) }
        #expect(throws: KeyMaterialError.self) { try PublicKey.recover(digest: [1, 2, 3], signature: overflow) }
        let key = try PrivateKey(hex: "0x4646464646464646464646464646464646464646464646464646464646464646")
        #expect(throws: KeyMaterialError.signingFailed) { try key.sign(digest: [1, 2, 3]) }
        // 0/1 and 27/28 are the same recovery id.
        let sig = try key.sign(digest: digest)
        #expect(try Signature(rsv: sig.r + sig.s + [sig.recoveryID]) == sig)
    }

    @Test("a private key never prints its secret")
    func redaction() throws {
        let key = try PrivateKey(hex: "0x4646464646464646464646464646464646464646464646464646464646464646")
        #expect(key.description == "PrivateKey(<redacted>)")
        #expect(String(reflecting: key) == "PrivateKey(<redacted>)")
        #expect(!"\(key)".contains("4646"))
    }
}
