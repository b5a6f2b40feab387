import Services
import Testing

@Suite("Message signing and ABI services")
struct MessageAndABICodecTests {
    @Test("a personal message and typed data each recover to the key that signed them")
    func signAndRecover() async throws {
        let key = PrivateKey.generate()
        let service = MessageSigner()
        let typed = Array(#"{"types":{"T":[{"name":"n","type":"uint256"}]},"primaryType":"T","domain":{"name":"x","chainId":"0x1"},"message":{"n":"115792089237316195423570985008687907853269984665640564039457584007913129639935"}}"#.utf8)
        for payload in [SignedPayload.message(Array("gm".utf8)), .typedData(typed)] {
            let sig = try await service.sign(payload, with: KeySigner(key: key))
            #expect(sig.signature.count == 65)
            #expect(try service.recoverSigner(of: payload, signature: sig.signature) == key.address)
        }
    }

    @Test("a signature over one message does not verify another")
    func otherMessage() async throws {
        let key = PrivateKey.generate()
        let service = MessageSigner()
        let sig = try await service.sign(.message(Array("a".utf8)), with: KeySigner(key: key))
        #expect(try service.recoverSigner(of: .message(Array("b".utf8)), signature: sig.signature) != key.address)
    }

    @Test("ABI encode and decode agree, with and without a selector")
    func abiRoundTrip() throws {
        let service = ABICodec()
        let call = try service.encode(signature: "approve(address,uint256)", arguments: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xff"])
        #expect(call.selector.map { Hex.encode($0) } == "0x095ea7b3")
        let decoded = try service.decode(signature: "approve(address,uint256)", data: call.calldata)
        #expect(decoded.values == [.address(try Address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")), .uint(255)])
        let bare = try service.encode(signature: "(bool,string)", arguments: ["true", "hi"])
        #expect(bare.selector == nil)
        #expect(try service.decode(signature: "(bool,string)", data: bare.calldata).values == [.bool(true), .string("hi")])
    }
}
