@testable import CoSigning
import EthereumKit
import Testing

/// The transfer IDs `transfer/{id}` reads: the ones the listings write, and nothing else.
@Suite("Served transfer IDs")
struct ServedTransferIDTests {
    static let hash = String(repeating: "ab", count: 32)

    @Test("a token's ID names its transaction and log; an ether one may add the call's place")
    func valid() throws {
        let token = try ServedTransferLookup.parse("e\(Self.hash)12")
        #expect(Hex.encode(token.hash) == "0x" + Self.hash && token.logIndex == 12)
        let ether = try ServedTransferLookup.parse("i\(Self.hash)3,1")
        #expect(ether.logIndex == 3)
    }

    @Test("anything else is refused as malformed", arguments: [
        "", "e", "x\(hash)1", "e\(hash)", "e\(hash)1,2", "i\(hash)1,", "i\(hash)1,a", "e\(String(hash.dropLast()))zz1", "e\(hash)-1", "e\(hash)١",
    ])
    func malformed(_ id: String) {
        #expect(throws: CoSigningRefusal.self) { try ServedTransferLookup.parse(id) }
    }
}
