/// EIP-191 version 0x45 ("Ethereum Signed Message"), the scheme of `personal_sign` and `eth_sign`.
public enum PersonalMessage {
    /// Keccak-256 of `"\x19Ethereum Signed Message:\n" + len(message) + message`.
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        var h = Keccak256()
        h.update(Array("\u{19}Ethereum Signed Message:\n\(message.count)".utf8))
        h.update(message)
        return h.finalize()
    }

    /// Signs `message` as `personal_sign` does.
    public static func sign(_ message: [UInt8], with key: PrivateKey) throws(KeyMaterialError) -> Signature {
        try key.sign(digest: hash(message))
    }

    /// The address that signed `message`, from a 65-byte r‖s‖v signature.
    public static func recover(_ message: [UInt8], signature: [UInt8]) throws(KeyMaterialError) -> Address {
        let sig = try Signature(rsv: signature)
        return try PublicKey.recover(digest: hash(message), signature: sig).address
    }
}
