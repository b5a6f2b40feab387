import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("Address and EIP-55")
struct AddressTests {
    static func vectorAddresses() throws -> [String] {
        let file = try Vectors.json("eip55_checksum.json", in: .module)
        return try VectorValue.array(file["groups"]).flatMap { try VectorValue.array($0["addresses"]).compactMap(\.stringValue) }
    }

    @Test("given each EIP-55 test address, when lower-cased and checksummed, then it comes back unchanged")
    func checksumVectors() throws {
        let addresses = try Self.vectorAddresses()
        #expect(addresses.count == 8)
        for text in addresses {
            let fromLower = try Address(text.lowercased())
            // The spec's cases are all in correct checksum form, including the all-caps and
            // all-lower groups (their hash nibbles happen to agree), so compare exactly.
            #expect(fromLower.checksummed == text)
            #expect(try Address(text) == fromLower)
            #expect(fromLower.lowercased == text.lowercased())
            #expect(fromLower.description == text)
        }
    }

    @Test("given a checksummed address with one letter's case flipped, when parsed, then checksumMismatch names the right form")
    func wrongChecksumThrows() throws {
        let addresses = try Self.vectorAddresses().filter { a in
            let body = a.dropFirst(2)
            return body.contains(where: \.isLowercase) && body.contains(where: \.isUppercase)
        }
        #expect(addresses.count == 4)
        for text in addresses {
            var chars = Array(text)
            let i = try #require(chars.indices.dropFirst(2).first { chars[$0].isLetter })
            chars[i] = chars[i].isUppercase ? Character(chars[i].lowercased()) : Character(chars[i].uppercased())
            let tampered = String(chars)
            #expect(throws: AddressError.checksumMismatch(expected: text)) { try Address(tampered) }
        }
    }

    @Test("given bad lengths or non-hex text, when parsed, then the typed error says why")
    func malformed() {
        #expect(throws: AddressError.invalidLength(38)) { try Address("0x52908400098527886E0F7030069857D2E4169E") }
        #expect(throws: AddressError.invalidLength(42)) { try Address("0x52908400098527886E0F7030069857D2E4169EE700") }
        #expect(throws: AddressError.invalidLength(0)) { try Address("") }
        #expect(throws: AddressError.invalidLength(0)) { try Address("0x") }
        #expect(throws: AddressError.invalidHex) { try Address("0xzz908400098527886e0f7030069857d2e4169ee7") }
        #expect(throws: AddressError.invalidLength(38)) { try Address(bytes: [UInt8](repeating: 1, count: 19)) }
    }

    @Test("given an address without 0x, in upper case, or with surrounding space, when parsed, then it is accepted")
    func lenientForms() throws {
        let a = try Address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        #expect(try Address("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed") == a)
        #expect(try Address("0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED") == a)
        #expect(try Address("  0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n") == a)
        #expect(Address.zero.checksummed == "0x0000000000000000000000000000000000000000")
    }
}
