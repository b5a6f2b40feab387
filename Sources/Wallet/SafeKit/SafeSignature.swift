import BigInt
import EthereumKit
import struct Foundation.Data

/// One owner's confirmation of a safeTxHash, in the 65-byte `r‖s‖v` form `execTransaction` reads;
/// a contract owner's (v = 0) carries its signature data after those 65 bytes, and `pack` moves it
/// to the dynamic part.
public struct SafeSignature: Sendable, Hashable {
    /// How the Safe checks a signature, told apart by `v`.
    public enum Kind: Sendable, Hashable {
        /// ECDSA over the safeTxHash itself; v is 27 or 28.
        case ecdsa
        /// ECDSA over the EIP-191 `eth_sign` hash of the safeTxHash; v is 31 or 32.
        case ethSign
        /// v = 1: the owner approved the hash on chain with `approveHash`, or is the executor.
        case approvedHash
        /// v = 0: the owner is a contract that accepts `contractData` through EIP-1271.
        case contract
    }

    /// The owner this signature confirms for.
    public let owner: Address
    public let kind: Kind
    /// The 65 bytes as packed into `execTransaction`, then a contract signature's data.
    public let bytes: [UInt8]

    /// Whether the signature proves itself off chain (ECDSA or eth_sign, recovered to its owner),
    /// rather than being a claim only the chain can confirm (an approved hash, a contract's).
    public var provesOwner: Bool { kind == .ecdsa || kind == .ethSign }

    /// A contract owner's signature data (what its `isValidSignature` checks); empty for others.
    public var contractData: [UInt8] { kind == .contract ? Array(bytes.dropFirst(65)) : [] }

    /// A contract owner's confirmation: r = owner, v = 0, then `data` for its `isValidSignature`.
    public static func contract(owner: Address, data: [UInt8]) -> SafeSignature {
        let r = [UInt8](repeating: 0, count: 12) + owner.bytes
        return SafeSignature(owner: owner, kind: .contract, bytes: r + [UInt8](repeating: 0, count: 32) + [0] + data)
    }

    /// ECDSA over `safeTxHash` with `key`: v 27/28.
    public static func sign(safeTxHash: [UInt8], with key: PrivateKey) throws(KeyMaterialError) -> SafeSignature {
        let sig = try key.sign(digest: safeTxHash)
        return SafeSignature(owner: key.address, kind: .ecdsa, bytes: sig.rsv)
    }

    /// An approved-hash marker for `owner`: r = owner, s = 0, v = 1.
    public static func approvedHash(by owner: Address) -> SafeSignature {
        let r = [UInt8](repeating: 0, count: 12) + owner.bytes
        return SafeSignature(owner: owner, kind: .approvedHash, bytes: r + [UInt8](repeating: 0, count: 32) + [1])
    }

    /// Reads one signature for `safeTxHash` (65 bytes, or 65 and a contract's data when v = 0),
    /// recovering its owner the way the Safe does. A contract signature is only read here; whether
    /// it is valid only the owner contract can say, on chain.
    public init(bytes: [UInt8], safeTxHash: [UInt8]) throws(SafeKitError) {
        guard bytes.count == 65 || (bytes.count > 65 && bytes[64] == 0) else { throw .signatureLength(bytes.count) }
        let v = bytes[64]
        let r = Array(bytes[0..<32]), s = Array(bytes[32..<64])
        switch v {
        case 0:
            guard let owner = Address(strictWord: r), owner != .zero else {
                throw .invalidSignature("a contract signature must carry its contract's address in r")
            }
            self.init(owner: owner, kind: .contract, bytes: r + [UInt8](repeating: 0, count: 32) + bytes[64...])
        case 1:
            guard let owner = Address(strictWord: r) else { throw .invalidSignature("an approved-hash signature must carry an address in r") }
            self.init(owner: owner, kind: .approvedHash, bytes: bytes)
        case 27, 28:
            self.init(owner: try Self.recover(digest: safeTxHash, r: r, s: s, recoveryID: v - 27), kind: .ecdsa, bytes: bytes)
        case 31, 32:
            let digest = PersonalMessage.hash(safeTxHash)
            self.init(owner: try Self.recover(digest: digest, r: r, s: s, recoveryID: v - 31), kind: .ethSign, bytes: bytes)
        default:
            throw .unsupportedSignatureType(v: v)
        }
    }

    /// A signature as a storage kept it beside its owner, recovered and checked when it was
    /// written: the kind is read from `v` and nothing is recovered again, so reading a stored
    /// transaction costs no elliptic-curve work.
    public init(owner: Address, stored bytes: [UInt8]) throws(SafeKitError) {
        guard bytes.count == 65 || (bytes.count > 65 && bytes[64] == 0) else { throw .signatureLength(bytes.count) }
        let kind: Kind
        switch bytes[64] {
        case 0: kind = .contract
        case 1: kind = .approvedHash
        case 27, 28: kind = .ecdsa
        case 31, 32: kind = .ethSign
        default: throw .unsupportedSignatureType(v: bytes[64])
        }
        self.init(owner: owner, kind: kind, bytes: bytes)
    }

    /// An `eth_sign`/`personal_sign` signature over the safeTxHash (v 27/28 from a wallet), shifted
    /// to v 31/32 so the Safe knows to apply the prefix.
    public static func fromEthSign(_ bytes: [UInt8], safeTxHash: [UInt8]) throws(SafeKitError) -> SafeSignature {
        guard bytes.count == 65 else { throw .signatureLength(bytes.count) }
        guard bytes[64] == 27 || bytes[64] == 28 else { throw .unsupportedSignatureType(v: bytes[64]) }
        return try SafeSignature(bytes: Array(bytes.prefix(64)) + [bytes[64] + 4], safeTxHash: safeTxHash)
    }

    init(owner: Address, kind: Kind, bytes: [UInt8]) {
        self.owner = owner
        self.kind = kind
        self.bytes = bytes
    }

    // Like the contract's ecrecover, high-s values are accepted: the owner, not the bytes, is what counts.
    private static func recover(digest: [UInt8], r: [UInt8], s: [UInt8], recoveryID: UInt8) throws(SafeKitError) -> Address {
        guard let key = try? PublicKey.recover(digest: digest, signature: Signature(r: r, s: s, recoveryID: recoveryID)) else {
            throw .invalidSignature("no signer can be recovered from it")
        }
        return key.address
    }

    /// Packs signatures the way `execTransaction` requires: sorted by owner, ascending, one per
    /// owner, 65 bytes each; a contract signature's `s` is the offset of its data, which follows
    /// all of them as a 32-byte length and the bytes.
    public static func pack(_ signatures: [SafeSignature]) -> [UInt8] {
        var seen = Set<Address>()
        let chosen = signatures.sorted { $0.owner < $1.owner }.filter { seen.insert($0.owner).inserted }
        var statics: [UInt8] = [], dynamic: [UInt8] = []
        for signature in chosen {
            guard signature.kind == .contract else { statics += signature.bytes; continue }
            let offset = BigUInt(chosen.count * 65 + dynamic.count)
            statics += signature.bytes.prefix(32) + offset.word! + [0]
            let data = signature.contractData
            dynamic += BigUInt(data.count).word! + data
        }
        return statics + dynamic
    }

    /// Splits a packed blob into signatures and recovers each owner. The 65-byte parts run until
    /// the first contract signature's data begins, or to the end.
    public static func parse(packed: [UInt8], safeTxHash: [UInt8]) throws(SafeKitError) -> [SafeSignature] {
        var result: [SafeSignature] = []
        var offset = 0, staticEnd = packed.count
        while offset < staticEnd {
            guard offset + 65 <= packed.count else { throw .signatureLength(packed.count) }
            let part = Array(packed[offset..<offset + 65])
            if part[64] == 0 {
                let data = try contractData(in: packed, at: part[32..<64])
                staticEnd = min(staticEnd, Int(BigUInt(Data(part[32..<64]))))
                result.append(try SafeSignature(bytes: part + data, safeTxHash: safeTxHash))
            } else {
                result.append(try SafeSignature(bytes: part, safeTxHash: safeTxHash))
            }
            offset += 65
        }
        guard offset == staticEnd else { throw .signatureLength(packed.count) }
        return result
    }

    /// A contract signature's data: the 32-byte length at `offset` (its `s`), then the bytes.
    private static func contractData(in packed: [UInt8], at word: ArraySlice<UInt8>) throws(SafeKitError) -> [UInt8] {
        let start = BigUInt(Data(word))
        guard start + 32 <= BigUInt(packed.count), let at = Int(exactly: start) else {
            throw .invalidSignature("a contract signature's data lies outside the signatures")
        }
        let length = BigUInt(Data(packed[at..<at + 32]))
        guard BigUInt(at + 32) + length <= BigUInt(packed.count), let count = Int(exactly: length) else {
            throw .invalidSignature("a contract signature's data runs past the signatures")
        }
        return Array(packed[(at + 32)..<(at + 32 + count)])
    }
}
