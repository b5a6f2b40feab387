import Foundation
import Testing

@Suite("bifrost sign")
struct SignCommandTests {
    /// EIP-712's own example: the key is keccak256("cow"), the expected signature is from the EIP.
    static let mailTypedData = """
    {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"Person":[{"name":"name","type":"string"},{"name":"wallet","type":"address"}],"Mail":[{"name":"from","type":"Person"},{"name":"to","type":"Person"},{"name":"contents","type":"string"}]},"primaryType":"Mail","domain":{"name":"Ether Mail","version":"1","chainId":1,"verifyingContract":"0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"},"message":{"from":{"name":"Cow","wallet":"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},"to":{"name":"Bob","wallet":"0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},"contents":"Hello, Bob!"}}
    """
    static let cowKey = "c85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4"
    static let mailSignature = "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c"

    @Test("typed-data signs the EIP-712 Mail example to the EIP's signature, and verify recovers the signer")
    func mail() async throws {
        let file = try temporaryFile(Self.mailTypedData)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let signed = await runCLI("sign", "typed-data", file, "--private-key", Self.cowKey, "--json")
        #expect(signed.stdout == #"{"signature":"\#(Self.mailSignature)","address":"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826","hash":"0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2"}"#)
        let verified = await runCLI("sign", "verify", "--typed-data", file, "--signature", Self.mailSignature, "--json")
        #expect(verified.stdout == #"{"address":"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"}"#)
        let wrong = await runCLI("sign", "verify", "--typed-data", file, "--signature", Self.mailSignature,
                                 "--address", "0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F")
        #expect(wrong.code == 1)
        #expect(wrong.err == ["error: signature was made by 0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826, not 0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"])
    }

    @Test("a personal_sign message signs and verifies, as text and as hex")
    func message() async throws {
        let signed = await runCLI("sign", "message", "hello", "--private-key", Self.cowKey, "--json")
        #expect(signed.code == 0)
        let json = try JSONSerialization.jsonObject(with: Data(signed.stdout.utf8)) as? [String: String]
        let signature = try #require(json?["signature"])
        #expect(signature.count == 132)
        #expect(json?["hash"] == "0x50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750")
        let verified = await runCLI("sign", "verify", "--message", "0x68656c6c6f", "--hex", "--signature", signature)
        #expect(verified.stdout == "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826")
    }

    @Test("verify refuses malformed signatures and missing payloads")
    func errors() async {
        let short = await runCLI("sign", "verify", "--message", "hi", "--signature", "0x1234")
        #expect(short.code == 1)
        #expect(short.err.first?.contains("65 bytes") == true)
        let neither = await runCLI("sign", "verify", "--signature", "0x1234")
        #expect(neither.code == 64)
        let badJSON = try? temporaryFile("{not json")
        let typed = await runCLI("sign", "typed-data", badJSON ?? "/nonexistent", "--private-key", Self.cowKey)
        #expect(typed.code == 1)
        #expect(typed.err.first?.hasPrefix("error: typed data is not valid JSON") == true)
    }
}
