import TestSupport
import EthereumKit
import Testing

@Suite("Base58 and Base58Check")
struct Base58Tests {
    /// Bitcoin Core's src/test/data/base58_encode_decode.json cases (checked with an independent Python encoder).
    static let vectors: [(hex: String, text: String)] = [
        ("", ""),
        ("61", "2g"),
        ("626262", "a3gV"),
        ("636363", "aPEr"),
        ("73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"),
        ("00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"),
        ("516b6fcd0f", "ABnLTmg"),
        ("bf4f89001e670274dd", "3SEo3LWLoPntC"),
        ("572e4794", "3EFU7m"),
        ("ecac89cad93923c02321", "EJDM8drfXA6uyA"),
        ("10c8511e", "Rt5zm"),
        ("00000000000000000000", "1111111111"),
    ]

    @Test("given Bitcoin Core's Base58 vectors, when encoded and decoded, then both directions match")
    func vectors() throws {
        for (hex, text) in Self.vectors {
            let bytes = try Hex.decode(hex)
            #expect(Base58.encode(bytes) == text, "\(hex)")
            #expect(try Base58.decode(text) == bytes, "\(text)")
        }
    }

    @Test("given random byte strings with and without leading zeros, when round-tripped, then they come back unchanged")
    func roundTrips() throws {
        var rng = SplitMix64(seed: 58)
        for _ in 0..<300 {
            let zeros = Int.random(in: 0...3, using: &rng)
            let body = (0..<Int.random(in: 0...90, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let bytes = [UInt8](repeating: 0, count: zeros) + body
            #expect(try Base58.decode(Base58.encode(bytes)) == bytes)
            #expect(try Base58Check.decode(Base58Check.encode(bytes)) == bytes)
        }
    }

    @Test("given characters outside the alphabet (0, O, I, l, non-ASCII), when decoded, then the typed error gives the position")
    func invalidCharacters() {
        #expect(throws: Base58Error.invalidCharacter(position: 0)) { try Base58.decode("0abc") }
        #expect(throws: Base58Error.invalidCharacter(position: 2)) { try Base58.decode("abOc") }
        #expect(throws: Base58Error.invalidCharacter(position: 3)) { try Base58.decode("abcI") }
        #expect(throws: Base58Error.invalidCharacter(position: 1)) { try Base58.decode("1l") }
        #expect(throws: Base58Error.invalidCharacter(position: 1)) { try Base58.decode("aé") }
        #expect(throws: Base58Error.invalidCharacter(position: 2)) { try Base58.decode("ab c") }
        #expect(Base58Error.invalidCharacter(position: 2).description.contains("character 3"))
    }

    @Test("given Base58Check text with one character changed or too short, when decoded, then invalidChecksum or tooShort is thrown")
    func badChecksum() throws {
        let payload: [UInt8] = Array("bifrost".utf8)
        let text = Base58Check.encode(payload)
        var chars = Array(text)
        chars[chars.count - 1] = chars[chars.count - 1] == "2" ? "3" : "2"
        #expect(throws: Base58Error.invalidChecksum) { try Base58Check.decode(String(chars)) }
        chars = Array(text)
        chars[0] = chars[0] == "z" ? "y" : "z"
        #expect(throws: Base58Error.invalidChecksum) { try Base58Check.decode(String(chars)) }
        #expect(throws: Base58Error.tooShort) { try Base58Check.decode("") }
        #expect(throws: Base58Error.tooShort) { try Base58Check.decode("2g") }
        // The checksum of an empty payload alone is valid Base58Check.
        #expect(try Base58Check.decode(Base58Check.encode([])) == [])
    }
}
