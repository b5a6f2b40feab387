import EthereumKit

/// The two hashes an EIP-712 signature covers, which a hardware wallet shows in place of the
/// message when it cannot show the message itself: what an owner compares on screen and device.
public struct TypedDataHashes: Sendable, Hashable {
    /// The domain separator: for a Safe, its address, chain and release.
    public let domainHash: [UInt8]
    /// The struct hash of the message: for a Safe transaction, its fields.
    public let messageHash: [UInt8]

    /// The two hashes of `preimage`, `0x19 ‖ 0x01 ‖ domain hash ‖ message hash`.
    public init(preimage: [UInt8]) throws(TypedDataHashesError) {
        guard preimage.count == 66, preimage[0] == 0x19, preimage[1] == 0x01 else { throw .notAnEIP712Preimage(preimage.count) }
        domainHash = Array(preimage[2..<34])
        messageHash = Array(preimage[34..<66])
    }

    /// The hash that is signed: `keccak256(0x19 ‖ 0x01 ‖ domain hash ‖ message hash)`, for a Safe its safeTxHash.
    public var digest: [UInt8] { Keccak256.hash([0x19, 0x01] + domainHash + messageHash) }
}

/// Why bytes are not an EIP-712 preimage.
public enum TypedDataHashesError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAnEIP712Preimage(Int)

    public var description: String {
        switch self {
        case .notAnEIP712Preimage(let count): return "not an EIP-712 preimage (0x1901, then two 32-byte hashes): \(count) bytes"
        }
    }
}
