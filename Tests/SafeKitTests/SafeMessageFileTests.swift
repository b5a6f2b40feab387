import BigInt
import EthereumKit
import SafeKit
import Testing

/// The message exchange file: what is written reads back the same, and anything edited, a
/// signature over something else, or a foreign format is refused whole.
@Suite("Safe message files")
struct SafeMessageFileTests {
    static let key = try! PrivateKey(hex: "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let typed = #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"M":[{"name":"x","type":"uint256"}]},"primaryType":"M","domain":{"name":"d"},"message":{"x":"1"}}"#

    static func file(_ content: SafeMessage.Content) throws -> SafeMessageFile {
        let message = SafeMessage(safe: safe, chainID: 11_155_111, version: .v1_5_0, content: content)
        return try SafeMessageFile(message: message, signatures: [try SafeSignature.sign(safeTxHash: try message.hash(), with: key)])
    }

    @Test("a text and a typed-data file read back with the same hash, message and signature")
    func roundTrip() throws {
        for content in [SafeMessage.Content.text("line one\nline \"two\""), try .typedData(json: Self.typed)] {
            let written = try Self.file(content)
            let read = try SafeMessageFile(json: written.json)
            #expect(read.messageHash == written.messageHash && read.signatures == written.signatures && read.json == written.json)
            #expect(read.message.chainID == 11_155_111 && read.message.version == .v1_5_0 && read.message.safe == Self.safe)
        }
    }

    @Test("an edited message, hash or signature, or another format, is refused", arguments: [
        ("line one", "line 1"), ("\"version\": 1", "\"version\": 2"), ("bifrost.safe-message", "bifrost.safe-transaction"),
        ("\"chainId\": \"11155111\"", "\"chainId\": \"1\""), ("\"safeVersion\": \"1.5.0\"", "\"safeVersion\": \"1.1.1\""),
        ("\"kind\": \"text\"", "\"kind\": \"typedData\""),
    ])
    func refused(from: String, to: String) throws {
        let json = try Self.file(.text("line one")).json
        #expect(json.contains(from))
        #expect(throws: SafeKitError.self) { try SafeMessageFile(json: json.replacingOccurrences(of: from, with: to)) }
    }

    @Test("a signature over another hash, or listed under another owner, is refused")
    func foreignSignature() throws {
        let written = try Self.file(.text("a"))
        let other = try Self.file(.text("b"))
        let signature = Hex.encode(other.signatures[0].bytes)
        let swapped = written.json.replacingOccurrences(of: Hex.encode(written.signatures[0].bytes), with: signature)
        #expect(throws: SafeKitError.self) { try SafeMessageFile(json: swapped) }
        #expect(throws: SafeKitError.self) { try SafeMessageFile(json: "not json") }
    }
}
