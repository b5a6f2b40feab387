import BigInt
import Crypto
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("BIP39 recovery phrases")
struct BIP39Tests {
    static let wordListSHA256 = "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"

    @Test("given the embedded English list, when joined one word per line, then its SHA-256 is the published one and it equals the file")
    func englishWordList() throws {
        let joined = Array((BIP39.englishWords.joined(separator: "\n") + "\n").utf8)
        #expect(BIP39.englishWords.count == 2048)
        #expect(Hex.encode(Array(SHA256.hash(data: joined)), prefix: false) == Self.wordListSHA256)
        let file = try Vectors.data("bip39_english.txt", in: .module)
        #expect(Hex.encode(Array(SHA256.hash(data: file)), prefix: false) == Self.wordListSHA256)
        #expect(file == joined)
    }

    @Test("given the 24 English Trezor vectors, when run both ways with passphrase TREZOR, then entropy, phrase, seed and xprv all match")
    func trezorVectors() throws {
        let cases = try VectorValue.array(try Vectors.json("bip39_vectors.json", in: .module).require("english"))
        #expect(cases.count == 24)
        for c in cases {
            let fields = try VectorValue.array(c).map { try VectorValue.string($0) }
            let entropy = try Hex.decode(fields[0])
            let phrase = fields[1]

            let fromEntropy = try Mnemonic(entropy: entropy)
            #expect(fromEntropy.phrase == phrase)
            let parsed = try Mnemonic(phrase: phrase)
            #expect(parsed == fromEntropy)
            #expect(parsed.entropy == entropy)

            let seed = parsed.seed(passphrase: "TREZOR")
            #expect(Hex.encode(seed, prefix: false) == fields[2], "\(phrase)")
            #expect(try ExtendedKey.master(seed: seed).xprv == fields[3], "\(phrase)")
        }
    }

    @Test("given the ethers v6 mnemonic cases in English, when checked, then entropy, phrase, NFKD password seed and every HD node match")
    func ethersV6Mnemonics() throws {
        let all = try VectorValue.array(try Vectors.json("ethers-v6-mnemonics.json.gz", in: .module))
        let english = all.filter { $0["locale"]?.stringValue == "en" }
        // The other nine locales (360 cases) need their own word lists, which Bifrost does not ship.
        #expect(all.count == 400)
        #expect(english.count == 40)
        var nodes = 0
        for c in english {
            let name = try VectorValue.string(c["name"])
            let phrase = String(decoding: try VectorValue.bytes(c["phrase"]), as: UTF8.self)
            let password = String(decoding: try VectorValue.bytes(c["password"]), as: UTF8.self)
            let entropy = try VectorValue.bytes(c["entropy"])

            let mnemonic = try Mnemonic(phrase: phrase)
            #expect(mnemonic.entropy == entropy, "\(name)")
            #expect(try Mnemonic(entropy: entropy).phrase == phrase, "\(name)")
            let seed = mnemonic.seed(passphrase: password)
            #expect(seed == (try VectorValue.bytes(c["seed"])), "\(name)")

            let master = try ExtendedKey.master(seed: seed)
            for node in try VectorValue.array(c["nodes"]) {
                let path = try DerivationPath(try VectorValue.string(node["path"]))
                let key = try master.derive(path)
                let label = "\(name) \(path)"
                #expect(key.xprv == (try VectorValue.string(node["xpriv"])), "\(label)")
                #expect(key.xpub == (try VectorValue.string(node["xpub"])), "\(label)")
                #expect(key.chainCode == (try VectorValue.bytes(node["chainCode"])), "\(label)")
                #expect(key.privateKey?.exportBytes() == (try VectorValue.bytes(node["privateKey"])), "\(label)")
                #expect(key.publicKey.compressed == (try VectorValue.bytes(node["publicKey"])), "\(label)")
                #expect(key.fingerprint == (try VectorValue.bytes(node["fingerprint"])), "\(label)")
                #expect(key.parentFingerprint == (try VectorValue.bytes(node["parentFingerprint"])), "\(label)")
                let depth = try VectorValue.uint(node["depth"])
                let index = try VectorValue.uint(node["index"])
                #expect(Int(key.depth) == path.components.count && BigUInt(key.depth) == depth, "\(label)")
                #expect(BigUInt(key.childNumber) == index, "\(label)")
                nodes += 1
            }
        }
        #expect(nodes == 240)
    }

    @Test("given a deterministic sample of the ethers v5 HD node cases in English, when checked, then entropy, phrase, seed and the addresses along each path match")
    func ethersV5HDNodes() throws {
        let all = try VectorValue.array(try Vectors.json("ethers-v5-hdnode.json.gz", in: .module))
        let english = all.filter { $0["locale"]?.stringValue == "en" }
        // Seven other locales (315 cases) are skipped: Bifrost ships the English list only.
        #expect(all.count == 1409)
        #expect(english.count == 1094)
        // Every named case (axic, 24 trezor, 45 easyseed with an NFKD-sensitive password) and every
        // 8th of the 1024 "random-N" cases: debug builds compile BoringSSL without optimisation, so
        // the full 1094 seeds and 6289 derivations take about ten seconds there.
        let sample = try english.filter { c in
            let name = try VectorValue.string(c["name"])
            guard name.hasPrefix("random-") else { return true }
            return Int(name.dropFirst("random-".count)).map { $0 % 8 == 0 } ?? true
        }
        #expect(sample.count == 198)
        var nodes = 0
        for c in sample {
            let name = try VectorValue.string(c["name"])
            let phrase = try VectorValue.string(c["mnemonic"])
            let entropy = try VectorValue.bytes(c["entropy"])
            let mnemonic = try Mnemonic(phrase: phrase)
            #expect(mnemonic.phrase == phrase, "\(name)")
            #expect(mnemonic.entropy == entropy, "\(name)")
            #expect(try Mnemonic(entropy: entropy) == mnemonic, "\(name)")
            // Some passwords ("nullius　à　nym.zone ¹teſts² English") only match after NFKD.
            let seed = mnemonic.seed(passphrase: c["password"]?.stringValue ?? "")
            #expect(seed == (try VectorValue.bytes(c["seed"])), "\(name)")

            let master = try ExtendedKey.master(seed: seed)
            for node in try VectorValue.array(c["hdnodes"]) {
                let path = try DerivationPath(try VectorValue.string(node["path"]))
                let key = try master.derive(path)
                let privateKey = try #require(key.privateKey)
                #expect(privateKey.exportBytes() == (try VectorValue.bytes(node["privateKey"])), "\(name) \(path)")
                #expect(privateKey.address == (try Address(try VectorValue.string(node["address"]))), "\(name) \(path)")
                nodes += 1
            }
        }
        #expect(nodes == 913)
    }

    @Test("given a phrase with an unknown word, when parsed, then the error names the word and its 1-based position")
    func unknownWord() throws {
        let phrase = "abandon abandon abandon abandonn abandon abandon abandon abandon abandon abandon abandon about"
        #expect(throws: BIP39Error.unknownWord(index: 3, word: "abandonn")) { try Mnemonic(phrase: phrase) }
        do throws(BIP39Error) {
            _ = try Mnemonic(phrase: phrase)
            Issue.record("an unknown word must be refused")
        } catch {
            #expect(error.description.contains("word 4 "))
            #expect(!error.description.contains("abandonn"), "the description keeps the (possibly secret) word out")
        }
        // The first unknown word is the one reported.
        #expect(throws: BIP39Error.unknownWord(index: 0, word: "bifrost")) {
            try Mnemonic(phrase: "bifrost abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon heimdall")
        }
    }

    @Test("given known words in the wrong order or one word changed, when parsed, then invalidChecksum is thrown")
    func badChecksum() throws {
        #expect(throws: BIP39Error.invalidChecksum) {
            try Mnemonic(phrase: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")
        }
        #expect(throws: BIP39Error.invalidChecksum) {
            try Mnemonic(phrase: "about abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")
        }
        #expect(BIP39Error.invalidChecksum.description.contains("checksum"))
        // Of the 2048 last words for eleven "abandon", exactly 2^7 = 128 carry a valid 4-bit checksum.
        let valid = BIP39.englishWords.filter { last in
            (try? Mnemonic(phrase: String(repeating: "abandon ", count: 11) + last)) != nil
        }
        #expect(valid.count == 128)
    }

    @Test("given phrases of the wrong length and entropy of the wrong size, when used, then the counts are reported")
    func badCounts() {
        #expect(throws: BIP39Error.invalidWordCount(0)) { try Mnemonic(phrase: "") }
        #expect(throws: BIP39Error.invalidWordCount(0)) { try Mnemonic(phrase: " \n\t ") }
        #expect(throws: BIP39Error.invalidWordCount(11)) { try Mnemonic(phrase: String(repeating: "abandon ", count: 11)) }
        #expect(throws: BIP39Error.invalidWordCount(13)) { try Mnemonic(phrase: String(repeating: "abandon ", count: 13)) }
        #expect(throws: BIP39Error.invalidWordCount(25)) { try Mnemonic(phrase: String(repeating: "zoo ", count: 25)) }
        for n in [0, 12, 15, 17, 33, 64] {
            #expect(throws: BIP39Error.invalidEntropyLength(n)) { try Mnemonic(entropy: [UInt8](repeating: 7, count: n)) }
        }
        for n in [0, 3, 11, 13, 25] {
            #expect(throws: BIP39Error.invalidWordCount(n)) { try BIP39.generate(wordCount: n) }
        }
        #expect(BIP39Error.invalidWordCount(13).description.contains("13"))
    }

    @Test("given upper case, extra or unusual whitespace, or a decomposed passphrase, when parsed, then the same phrase and seed result")
    func normalisation() throws {
        let canonical = try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank yellow")
        let messy = try Mnemonic(phrase: "  LEGAL\twinner\nThank year\u{3000}wave  sausage worth useful legal winner thank Yellow \r\n")
        #expect(messy == canonical)
        #expect(messy.phrase == canonical.phrase)
        // NFC "é" (U+00E9) and NFD "e" + U+0301 are the same passphrase after NFKD.
        #expect(canonical.seed(passphrase: "caf\u{E9}") == canonical.seed(passphrase: "cafe\u{301}"))
        #expect(canonical.seed(passphrase: "caf\u{E9}") != canonical.seed())
    }

    @Test("given each supported length, when generated, then the phrase has that many words and round-trips")
    func generate() throws {
        for count in [12, 15, 18, 21, 24] {
            let a = try BIP39.generate(wordCount: count)
            let b = try BIP39.generate(wordCount: count)
            #expect(a.words.count == count)
            #expect(a.entropy.count == count / 3 * 4)
            #expect(try Mnemonic(phrase: a.phrase) == a)
            #expect(try Mnemonic(entropy: a.entropy) == a)
            #expect(a != b, "two draws of at least 128 bits from the CSPRNG differ")
        }
        #expect(try BIP39.generate().words.count == 12)
    }

    @Test("given a mnemonic, when printed, debug-printed or dumped, then no word appears")
    func redacted() throws {
        let mnemonic = try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank yellow")
        #expect(mnemonic.description == "Mnemonic(12 words, <redacted>)")
        #expect("\(mnemonic)" == "Mnemonic(12 words, <redacted>)")
        #expect(String(reflecting: mnemonic) == "Mnemonic(12 words, <redacted>)")
        var dumped = ""
        dump(mnemonic, to: &dumped)
        #expect(!dumped.contains("legal") && !dumped.contains("yellow"), "\(dumped)")
    }

    @Test("given valid phrases mutated at random, when parsed, then each is accepted or refused with a typed error")
    func fuzzPhrases() throws {
        var rng = SplitMix64(seed: 39)
        let base = try BIP39.generate(wordCount: 24).words
        var outcomes = [String: Int]()
        for _ in 0..<2000 {
            var words = Array(base.prefix([12, 15, 18, 21, 24].randomElement(using: &rng)!))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: words[Int.random(in: 0..<words.count, using: &rng)] = BIP39.englishWords.randomElement(using: &rng)!
            case 1: words.swapAt(Int.random(in: 0..<words.count, using: &rng), Int.random(in: 0..<words.count, using: &rng))
            case 2: words.remove(at: Int.random(in: 0..<words.count, using: &rng))
            default:
                let i = Int.random(in: 0..<words.count, using: &rng)
                var chars = Array(words[i].unicodeScalars)
                chars[Int.random(in: 0..<chars.count, using: &rng)] = Unicode.Scalar(UInt8.random(in: 0x21...0x7e, using: &rng))
                words[i] = String(String.UnicodeScalarView(chars))
            }
            do throws(BIP39Error) {
                let parsed = try Mnemonic(phrase: words.joined(separator: " "))
                #expect(parsed.words == words.map { $0.lowercased() })
                outcomes["valid", default: 0] += 1
            } catch {
                switch error {
                case .invalidWordCount: outcomes["count", default: 0] += 1
                case .unknownWord(let index, let word):
                    #expect(words[index].lowercased() == word)
                    outcomes["word", default: 0] += 1
                case .invalidChecksum: outcomes["checksum", default: 0] += 1
                case .invalidEntropyLength: Issue.record("a phrase never reports an entropy length")
                }
            }
        }
        #expect(outcomes["count", default: 0] > 0 && outcomes["word", default: 0] > 0 && outcomes["checksum", default: 0] > 0)
    }
}
