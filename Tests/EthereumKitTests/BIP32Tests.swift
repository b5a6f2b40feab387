import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("BIP32 / BIP44 HD keys")
struct BIP32Tests {
    static func vectorFile() throws -> JSONValue { try Vectors.json("bip32_vectors.json", in: .module) }

    @Test("given BIP32 test vectors 1–4, when each chain is derived from the seed, then xprv and xpub match at every step")
    func vectors() throws {
        let vectors = try VectorValue.array(try Self.vectorFile()["vectors"])
        #expect(vectors.count == 4)
        var chains = 0
        for vector in vectors {
            let master = try ExtendedKey.master(seed: try VectorValue.bytes(vector["seed"]))
            for chain in try VectorValue.array(vector["chains"]) {
                let pathText = try VectorValue.string(chain["path"])
                let xprv = try VectorValue.string(chain["ext_prv"])
                let xpub = try VectorValue.string(chain["ext_pub"])
                let path = try DerivationPath(pathText)
                #expect(path.description == pathText)

                let key = try master.derive(path)
                #expect(key.xprv == xprv, "\(pathText)")
                #expect(key.xpub == xpub, "\(pathText)")
                #expect(Int(key.depth) == path.components.count)
                #expect(key.childNumber == path.components.last ?? 0)

                // Parsing gives back the same key, and the public half alone.
                let parsed = try ExtendedKey(serialized: xprv)
                #expect(parsed.xprv == xprv && parsed.xpub == xpub)
                #expect(parsed.privateKey?.exportBytes() == key.privateKey?.exportBytes())
                let parsedPublic = try ExtendedKey(serialized: xpub)
                #expect(parsedPublic.privateKey == nil && parsedPublic.xprv == nil && parsedPublic.xpub == xpub)
                #expect(parsedPublic.parentFingerprint == key.parentFingerprint && parsedPublic.chainCode == key.chainCode)
                chains += 1
            }
        }
        #expect(chains == 17)
    }

    @Test("given a non-hardened step in the vectors, when derived from the parent's xpub alone, then the child's xpub matches")
    func publicDerivation() throws {
        var checked = 0
        for vector in try VectorValue.array(try Self.vectorFile()["vectors"]) {
            let master = try ExtendedKey.master(seed: try VectorValue.bytes(vector["seed"]))
            for chain in try VectorValue.array(vector["chains"]) {
                let path = try DerivationPath(try VectorValue.string(chain["path"]))
                guard let last = path.components.last, last < 0x8000_0000 else { continue }
                let parent = try master.derive(DerivationPath(components: Array(path.components.dropLast())))
                let fromXpub = try ExtendedKey(serialized: parent.xpub).child(last)
                #expect(fromXpub.xpub == (try VectorValue.string(chain["ext_pub"])), "\(path)")
                #expect(try parent.neutered.child(last).xpub == fromXpub.xpub)
                checked += 1
            }
        }
        #expect(checked == 6)
    }

    @Test("given each invalid extended key of BIP32 test vector 5, when parsed, then it is rejected with the matching typed error")
    func vector5Rejected() throws {
        let cases = try VectorValue.array(try Self.vectorFile()["invalid_vector5"])
        #expect(cases.count == 16)
        for c in cases {
            let key = try VectorValue.string(c["key"])
            let reason = try VectorValue.string(c["reason"])
            do throws(BIP32Error) {
                _ = try ExtendedKey(serialized: key)
                Issue.record("accepted: \(reason)")
            } catch {
                switch Self.expectedKind(reason) {
                case "checksum": #expect(error == .invalidChecksum, "\(reason): \(error)")
                case "key": #expect(error == .invalidKey, "\(reason): \(error)")
                default:
                    guard case .invalidSerialization = error else {
                        Issue.record("\(reason): expected invalidSerialization, got \(error)")
                        continue
                    }
                }
            }
        }
    }

    /// Which typed error each of vector 5's reasons should produce.
    static func expectedKind(_ reason: String) -> String {
        if reason == "invalid checksum" { return "checksum" }
        if reason.hasPrefix("invalid pubkey") || reason.hasPrefix("private key") { return "key" }
        // Version/key-type mismatches, a private key without its 0x00, unknown versions, master-key fields.
        return "serialization"
    }

    @Test("given Ethereum's default path on well-known phrases, when derived, then the familiar first accounts come out")
    func ethereumAccounts() throws {
        #expect(try DerivationPath.ethereum(index: 7).description == "m/44'/60'/0'/0/7")
        #expect(try DerivationPath("m/44'/60'/0'/0/7") == (try .ethereum(index: 7)))

        let hardhat = try Mnemonic(phrase: "test test test test test test test test test test test junk")
        let hardhatMaster = try ExtendedKey.master(seed: hardhat.seed())
        #expect(try hardhatMaster.derive(try .ethereum(index: 0)).privateKey?.address.checksummed == "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
        #expect(try hardhatMaster.derive(try .ethereum(index: 1)).privateKey?.address.checksummed == "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")

        let abandon = try Mnemonic(phrase: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        let key = try ExtendedKey.master(seed: abandon.seed()).derive(try .ethereum(index: 0))
        #expect(key.privateKey?.address.checksummed == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        #expect(key.publicKey.address == key.privateKey?.address)
    }

    @Test("given path texts with ', h and H, when parsed, then the hardened bit is set and the text prints back with '")
    func pathParsing() throws {
        let path = try DerivationPath("m/44h/60H/0'/0/2147483647")
        #expect(path.components == [0x8000_002C, 0x8000_003C, 0x8000_0000, 0, 0x7FFF_FFFF])
        #expect(path.description == "m/44'/60'/0'/0/2147483647")
        #expect(try DerivationPath("m").components.isEmpty)
        #expect(try DerivationPath("m").description == "m")
        #expect(try DerivationPath("m/2147483647'").components == [0xFFFF_FFFF])
        #expect(DerivationPath(components: [0xFFFF_FFFF, 1]).description == "m/2147483647'/1")
    }

    @Test("given malformed path texts, when parsed, then invalidPath carries the text")
    func badPaths() {
        let bad = ["", "m/", "/", "M/0", "44'/60'", "m//1", "m/1/", "m/2147483648", "m/2147483648'", "m/4294967296",
                   "m/-1", "m/+1", "m/1''", "m/'", "m/h", "m/abc", "m/ 1", "m/1 ", " m/1", "n/1", "m/0x10", "m/1/2/3'h", "m/١"]
        for text in bad {
            #expect(throws: BIP32Error.invalidPath(text), "\(text)") { try DerivationPath(text) }
        }
        #expect(BIP32Error.invalidPath("m/x").description.contains("m/x"))
    }

    @Test("given a public-only key, when a hardened child is asked for, then hardenedFromPublic is thrown")
    func hardenedFromPublic() throws {
        let master = try ExtendedKey.master(seed: Array(0..<16))
        #expect(throws: BIP32Error.hardenedFromPublic) { try master.neutered.child(0x8000_0000) }
        #expect(throws: BIP32Error.hardenedFromPublic) { try master.neutered.derive(DerivationPath("m/0/1'")) }
        #expect(try master.neutered.child(5).xpub == (try master.child(5).xpub))
        #expect(master.neutered.xprv == nil)
        #expect(master.neutered.xpub == master.xpub)
        #expect(master.neutered.fingerprint == master.fingerprint)
    }

    @Test("given seeds shorter than 16 or longer than 64 bytes, when a master key is made, then invalidSeed is thrown")
    func seedLength() throws {
        #expect(throws: BIP32Error.invalidSeed) { try ExtendedKey.master(seed: []) }
        #expect(throws: BIP32Error.invalidSeed) { try ExtendedKey.master(seed: [UInt8](repeating: 1, count: 15)) }
        #expect(throws: BIP32Error.invalidSeed) { try ExtendedKey.master(seed: [UInt8](repeating: 1, count: 65)) }
        _ = try ExtendedKey.master(seed: [UInt8](repeating: 1, count: 16))
        _ = try ExtendedKey.master(seed: [UInt8](repeating: 1, count: 64))
    }

    @Test("given vector 1's master key, when fingerprinted, then HASH160 gives 3442193e and children point back to it")
    func fingerprints() throws {
        let master = try ExtendedKey.master(seed: try Hex.decode("000102030405060708090a0b0c0d0e0f"))
        #expect(Hex.encode(master.fingerprint, prefix: false) == "3442193e")
        #expect(master.parentFingerprint == [0, 0, 0, 0])
        let child = try master.child(0x8000_0000)
        #expect(child.parentFingerprint == master.fingerprint)
        #expect(child.depth == 1)
    }

    @Test("given an extended key, when printed, then neither the chain code nor the key appears")
    func redacted() throws {
        let master = try ExtendedKey.master(seed: try Hex.decode("000102030405060708090a0b0c0d0e0f"))
        let text = "\(master)"
        #expect(text == "ExtendedKey(private, depth 0, child 0, fingerprint 0x3442193e)")
        #expect(String(reflecting: master) == text)
        #expect(!text.contains(Hex.encode(master.chainCode, prefix: false)))
        #expect("\(master.neutered)".hasPrefix("ExtendedKey(public"))
    }

    @Test("given text that is not an extended key, when parsed, then a typed error says so")
    func malformedSerialization() throws {
        let master = try ExtendedKey.master(seed: Array(0..<32))
        let xprv = try #require(master.xprv)
        #expect(throws: BIP32Error.invalidSerialization(Base58Error.invalidCharacter(position: 4).description)) {
            try ExtendedKey(serialized: "xprv0" + xprv.dropFirst(5))
        }
        #expect(throws: BIP32Error.invalidSerialization(Base58Error.tooShort.description)) { try ExtendedKey(serialized: "") }
        #expect(throws: BIP32Error.invalidSerialization("expected 78 bytes, found 5")) {
            try ExtendedKey(serialized: Base58Check.encode([1, 2, 3, 4, 5]))
        }
        #expect(throws: BIP32Error.invalidChecksum) { try ExtendedKey(serialized: String(xprv.dropLast())) }
    }

    @Test("given valid xprv and xpub texts mutated at random, when parsed, then each is accepted or refused with a typed error")
    func fuzzSerialization() throws {
        var rng = SplitMix64(seed: 32)
        let master = try ExtendedKey.master(seed: Array(0..<32)).derive(DerivationPath("m/1'/2"))
        let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl")
        var refused = 0
        for round in 0..<500 {
            let original = round % 2 == 0 ? try #require(master.xprv) : master.xpub
            var chars = Array(original)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: chars[Int.random(in: 0..<chars.count, using: &rng)] = alphabet.randomElement(using: &rng)!
                case 1: chars.remove(at: Int.random(in: 0..<chars.count, using: &rng))
                default: chars.insert(alphabet.randomElement(using: &rng)!, at: Int.random(in: 0...chars.count, using: &rng))
                }
            }
            do throws(BIP32Error) {
                _ = try ExtendedKey(serialized: String(chars))
                // Only a mutation that undid itself (same character, remove then re-insert) parses.
                #expect(String(chars) == original)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 450)
    }
}
