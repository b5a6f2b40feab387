import BigInt

/// Human text for revert data: `Error(string)`, `Panic(uint256)`, or the raw bytes.
public enum RevertReason {
    /// A one-line reason, e.g. `ERC20: transfer amount exceeds balance` or `panic 0x11 (arithmetic overflow)`.
    public static func describe(_ data: [UInt8]) -> String {
        guard data.count >= 4 else { return data.isEmpty ? "no reason given" : Hex.encode(data) }
        let selector = Array(data.prefix(4))
        let body = Array(data.dropFirst(4))
        if selector == [0x08, 0xc3, 0x79, 0xa0], case .string(let s)? = try? ABIDecoder.decode(.string, from: body) {
            return s
        }
        if selector == [0x4e, 0x48, 0x7b, 0x71], case .uint(let code)? = try? ABIDecoder.decode(.uint(bits: 256), from: body) {
            return "panic 0x\(String(code, radix: 16))\(panicMeaning(code).map { " (\($0))" } ?? "")"
        }
        return "custom error " + Hex.encode(data)
    }

    private static func panicMeaning(_ code: BigUInt) -> String? {
        switch code {
        case 0x01: return "assertion failed"
        case 0x11: return "arithmetic overflow"
        case 0x12: return "division by zero"
        case 0x21: return "invalid enum value"
        case 0x32: return "array index out of bounds"
        case 0x41: return "out of memory"
        default: return nil
        }
    }
}
