import EthereumKit
import Foundation
import Testing

@Suite("EIP-191 personal_sign")
struct PersonalMessageTests {
    static let key = "0x4646464646464646464646464646464646464646464646464646464646464646"
    static let address = "0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"

    /// Expected values computed with Python eth-account 0.14.0:
    /// `Account.sign_message(encode_defunct(primitive=message), key)` → `message_hash`, `signature`.
    static let known: [(message: [UInt8], hash: String, signature: String)] = [
        (Array("Hello, Bifrost!".utf8),
         "0x9a10257827f81556e4b0641daac0635b6a02162e390d1b01684581df4d21b965",
         "0x433ff9289d1e176cbc71e641ba91f96db1f0a2da1f13d98729f9dbcadf467b2057b6c00ccc5cb7db1026ab6d223dedf055ac6f57b0c7d84d7fddfdee14127cce1c"),
        ([],
         "0x5f35dce98ba4fba25530a026ed80b2cecdaa31091ba4958b99b52ea1d068adad",
         "0xff65394fc6cc70eee8e5ee1160dfa355a0484ad2988b65d01aee4bf58288958f082ce5e2c2d9d49130a2b1e8d01850cc00b0f17637f029570420e5a4a8d724fd1c"),
        (Array("héllo 🚀".utf8),
         "0xaaf88fa80592fc40d397fe04445e849f80a63402843792e0b72981bdced1c890",
         "0x926f80629b1ab85eaf5e84f34812446bb7755e33866626696ab544e97da97ddf1a4c609c55215c27923bf29176fd6f125bf9befaa68326bacd145265de65ebb31c"),
    ]

    @Test("given messages signed by eth-account, when hashed and signed here, then hash and signature match, and recovery gives the signer")
    func knownSignatures() throws {
        let key = try PrivateKey(hex: Self.key)
        #expect(key.address.checksummed == Self.address)
        #expect(Self.known.count == 3)
        for k in Self.known {
            #expect(Hex.encode(PersonalMessage.hash(k.message)) == k.hash)
            let signature = try PersonalMessage.sign(k.message, with: key)
            #expect(Hex.encode(signature.rsv) == k.signature)
            #expect(try PersonalMessage.recover(k.message, signature: try Hex.decode(k.signature)) == key.address)
        }
    }

    @Test("given a signature for a different message, when recovered, then a different address results")
    func tamperedMessage() throws {
        let k = Self.known[0]
        let other = try PersonalMessage.recover(Array("Hello, Bifrost?".utf8), signature: try Hex.decode(k.signature))
        #expect(other != (try Address(Self.address)))
        #expect(throws: KeyMaterialError.invalidSignature) { try PersonalMessage.recover(k.message, signature: [1, 2, 3]) }
    }
}
