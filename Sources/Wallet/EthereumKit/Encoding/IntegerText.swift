import BigInt

/// Exact parsing of integers written as decimal (`1000`), hex (`0x3e8`), or JSON exponent form (`1e3`).
public enum IntegerText {
    /// The integer `text` denotes, or nil when it is not an exact integer.
    public static func parse(_ text: String) -> BigInt? {
        var s = Substring(text.trimmingWhitespace())
        var negative = false
        if s.hasPrefix("-") {
            negative = true
            s = s.dropFirst()
        }
        guard !s.isEmpty else { return nil }
        let magnitude: BigUInt
        if s.hasPrefix("0x") || s.hasPrefix("0X") {
            let digits = s.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let v = BigUInt(String(digits), radix: 16) else { return nil }
            magnitude = v
        } else if let v = decimalWithExponent(String(s)) {
            magnitude = v
        } else {
            return nil
        }
        return negative ? -BigInt(magnitude) : BigInt(magnitude)
    }

    /// A non-negative integer from `text`, or nil.
    public static func parseUnsigned(_ text: String) -> BigUInt? {
        guard let v = parse(text), v.sign == .plus else { return nil }
        return v.magnitude
    }

    /// The largest value an EVM word holds, `2^256 - 1`.
    public static let uint256Max = (BigUInt(1) << 256) - 1

    /// A non-negative integer that fits in 256 bits, or nil: every EVM quantity is bounded so.
    public static func parseUInt256(_ text: String) -> BigUInt? {
        guard let v = parseUnsigned(text), v <= uint256Max else { return nil }
        return v
    }

    /// Plain decimal digits only (`"1000"`), as untrusted files must write their numbers; nil for
    /// hex, exponents, signs, whitespace, or a value of 2^256 or more.
    public static func parseStrictDecimalUInt256(_ text: String) -> BigUInt? {
        guard !text.isEmpty, text.utf8.count <= 78, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let v = BigUInt(text, radix: 10), v <= uint256Max else { return nil }
        return v
    }

    /// `123`, `1.5e3`, `1E+18`: exact only; a result with a fraction is nil.
    private static func decimalWithExponent(_ s: String) -> BigUInt? {
        let lower = s.lowercased()
        let parts = lower.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        var exponent = 0
        if parts.count == 2 {
            var e = Substring(parts[1])
            if e.hasPrefix("+") { e = e.dropFirst() }
            guard let ev = Int(e), ev >= 0, ev <= 1000 else { return nil }
            exponent = ev
        }
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(mantissa[0])
        var fraction = mantissa.count > 1 ? String(mantissa[1]) : ""
        guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        guard fraction.count <= exponent else { return nil }
        let digits = whole + fraction + String(repeating: "0", count: exponent - fraction.count)
        return BigUInt(digits, radix: 10)
    }
}
