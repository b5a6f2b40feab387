import CSecp256k1

// BIP32 child keys are parent + IL (private) or parent + IL·G (public); libsecp256k1 does that
// addition in constant time and reports the rare out-of-range results.

extension PrivateKey {
    /// `self + tweak mod n`, or nil when the tweak is not below n or the sum is zero.
    func tweakAdded(_ tweak: [UInt8]) -> PrivateKey? {
        guard tweak.count == 32 else { return nil }
        var sum = exportBytes()
        guard secp256k1_ec_seckey_tweak_add(Secp256k1Context.shared.raw, &sum, tweak) == 1 else { return nil }
        return try? PrivateKey(bytes: sum)
    }
}

extension PublicKey {
    /// `self + tweak·G`, or nil when the tweak is not below n or the sum is the point at infinity.
    func tweakAdded(_ tweak: [UInt8]) -> PublicKey? {
        guard tweak.count == 32 else { return nil }
        var point = raw
        guard secp256k1_ec_pubkey_tweak_add(Secp256k1Context.shared.raw, &point, tweak) == 1 else { return nil }
        return PublicKey(raw: point)
    }
}
