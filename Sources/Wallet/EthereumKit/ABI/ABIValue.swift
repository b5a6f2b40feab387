import BigInt

/// A value to encode or one that was decoded; its `ABIType` travels separately.
public indirect enum ABIValue: Hashable, Sendable {
    case uint(BigUInt)
    case int(BigInt)
    case address(Address)
    case bool(Bool)
    /// Both `bytesN` and `bytes`.
    case bytes([UInt8])
    case string(String)
    /// Both `T[]` and `T[k]`.
    case array([ABIValue])
    case tuple([ABIValue])
}
