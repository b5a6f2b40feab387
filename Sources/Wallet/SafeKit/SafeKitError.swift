import BigInt
import EthereumKit

/// Why SafeKit refused a value. Each case reads as one line for the user.
public enum SafeKitError: Error, Equatable, Sendable, CustomStringConvertible {
    case signatureLength(Int)
    case unsupportedSignatureType(v: UInt8)
    case invalidSignature(String)
    case notAnOwner(Address)
    case ownerAlreadyPresent(Address)
    case thresholdOutOfRange(threshold: BigUInt, owners: Int)
    case invalidOwner(Address)
    case duplicateOwner(Address)
    case unexpectedResult(String)
    case unsupportedVersion(String)
    case chainIDRequired(SafeVersion)
    case emptyBatch
    case valueOutOfRange(String)
    case invalidMessage(String)
    /// A feature the Safe's release does not have, e.g. a fallback handler on 1.0.0.
    case missingInVersion(SafeVersion, feature: String)

    public var description: String {
        switch self {
        case .signatureLength(let n):
            return "a Safe signature blob is a multiple of 65 bytes, this one is \(n) bytes"
        case .unsupportedSignatureType(let v):
            return "signature type v=\(v) is not supported (contract signatures, v=0, need the contract to check them)"
        case .invalidSignature(let why): return "invalid signature: \(why)"
        case .notAnOwner(let a): return "\(a.checksummed) is not an owner of this Safe"
        case .ownerAlreadyPresent(let a): return "\(a.checksummed) is already an owner of this Safe"
        case .thresholdOutOfRange(let t, let n):
            return "threshold \(t) is out of range: it must be between 1 and the number of owners (\(n))"
        case .invalidOwner(let a): return "\(a.checksummed) cannot be an owner (zero, sentinel or the Safe itself)"
        case .duplicateOwner(let a): return "\(a.checksummed) appears twice among the owners"
        case .unexpectedResult(let what): return "the Safe answered in an unexpected shape: \(what)"
        case .unsupportedVersion(let v): return "Safe version \(v) is not supported (Bifrost speaks 1.0.0, 1.1.1, 1.3.0, 1.4.1 and 1.5.0)"
        case .chainIDRequired(let v): return "Safe \(v.rawValue) hashes transactions with the chain ID, and none was given"
        case .emptyBatch: return "a MultiSend batch needs at least one transaction"
        case .valueOutOfRange(let field): return "\(field) does not fit in 256 bits"
        case .invalidMessage(let why): return "the message cannot be hashed: \(why)"
        case .missingInVersion(let v, let feature): return "Safe \(v.rawValue) has no \(feature)"
        }
    }
}
