import BigInt

/// Why a raw transaction could not be decoded or a transaction could not be built.
public enum TransactionError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unsupportedType(UInt8)
    case rlp(RLPError)
    case wrongFieldCount(expected: Int, got: Int)
    case fieldNotBytes(String)
    case leadingZeros(String)
    case integerTooLarge(String)
    /// The nonce is 2^64 - 1 or more, which EIP-2681 makes invalid.
    case nonceTooLarge(BigUInt)
    case invalidAddress(String)
    case invalidStorageKey
    case invalidAccessList
    case priorityFeeAboveMaxFee
    case gasFeeProductOverflow
    case invalidV(String)
    case invalidSignature
    case highS
    case missingChainID
    case missingFees

    public var description: String {
        switch self {
        case .empty: return "the raw transaction is empty"
        case .unsupportedType(let t): return "transaction type 0x\(String(t, radix: 16)) is not supported (legacy, 0x01 and 0x02 are)"
        case .rlp(let e): return "malformed RLP: \(e)"
        case .wrongFieldCount(let e, let g): return "a signed transaction of this type has \(e) fields, got \(g)"
        case .fieldNotBytes(let f): return "field \(f) must be a byte string, not a list"
        case .leadingZeros(let f): return "integer field \(f) has leading zero bytes"
        case .integerTooLarge(let f): return "integer field \(f) does not fit in 256 bits"
        case .nonceTooLarge(let n): return "nonce \(n) is not below 2^64 - 1 (18446744073709551615), so no node accepts the transaction (EIP-2681)"
        case .invalidAddress(let f): return "\(f) must be empty or a 20-byte address"
        case .invalidStorageKey: return "access-list storage keys must be exactly 32 bytes"
        case .invalidAccessList: return "the access list is malformed"
        case .priorityFeeAboveMaxFee: return "maxPriorityFeePerGas is greater than maxFeePerGas"
        case .gasFeeProductOverflow: return "gasLimit × fee per gas overflows 256 bits"
        case .invalidV(let v): return "invalid signature v value \(v)"
        case .invalidSignature: return "signature r or s is zero or not below the curve order"
        case .highS: return "signature s is in the upper half of the curve order (EIP-2)"
        case .missingChainID: return "typed transactions need a chain ID"
        case .missingFees: return "the transaction type needs fee fields that are missing"
        }
    }
}
