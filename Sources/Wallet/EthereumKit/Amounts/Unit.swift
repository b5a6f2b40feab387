import BigInt

/// Denominations of ether, by the power of ten of wei they stand for.
public enum EtherUnit: String, CaseIterable, Sendable {
    case wei, kwei, mwei, gwei, szabo, finney, ether

    /// Number of decimal places between this unit and wei.
    public var decimals: Int {
        switch self {
        case .wei: return 0
        case .kwei: return 3
        case .mwei: return 6
        case .gwei: return 9
        case .szabo: return 12
        case .finney: return 15
        case .ether: return 18
        }
    }

    /// The unit named by `text` (case-insensitive); `eth` is accepted for ether.
    public init?(name text: String) {
        let lower = text.lowercased()
        if lower == "eth" { self = .ether; return }
        self.init(rawValue: lower)
    }
}

/// Why an amount typed by a user was refused.
public enum AmountError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case invalidNumber(String)
    case unknownUnit(String)
    case tooManyDecimals(given: Int, allowed: Int)
    case negative
    case tooLarge

    public var description: String {
        switch self {
        case .empty: return "the amount is empty"
        case .invalidNumber(let s): return "'\(s)' is not a decimal number"
        case .unknownUnit(let u):
            return "unknown unit '\(u)' (use one of: \(EtherUnit.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .tooManyDecimals(let given, let allowed):
            return "too many decimal places: \(given) given, the unit allows \(allowed)"
        case .negative: return "amounts cannot be negative"
        case .tooLarge: return "the amount does not fit in 256 bits"
        }
    }
}

/// Exact conversion between decimal strings and integers scaled by a power of ten; no floating point.
public enum DecimalScaling {
    /// Parses `"1.5"` with `decimals` places into the scaled integer (`1.5`, 18 → 1500000000000000000).
    public static func parse(_ text: String, decimals: Int) throws(AmountError) -> BigUInt {
        let s = text.trimmingWhitespace()
        guard !s.isEmpty else { throw .empty }
        if s.hasPrefix("-") { throw .negative }
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0].replacingOccurrences(of: "_", with: "")
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        guard !(whole.isEmpty && fraction.isEmpty),
              whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit)
        else { throw .invalidNumber(s) }
        let significantFraction = fraction.reversed().drop { $0 == "0" }.reversed()
        guard significantFraction.count <= decimals else {
            throw .tooManyDecimals(given: significantFraction.count, allowed: decimals)
        }
        let padded = String(significantFraction) + String(repeating: "0", count: decimals - significantFraction.count)
        let digits = (whole.isEmpty ? "0" : whole) + padded
        guard let value = BigUInt(digits, radix: 10) else { throw .invalidNumber(s) }
        guard value <= IntegerText.uint256Max else { throw .tooLarge }
        return value
    }

    /// Formats a scaled integer exactly, trimming trailing zeros of the fraction (`1500…0`, 18 → `"1.5"`).
    public static func format(_ value: BigUInt, decimals: Int) -> String {
        let digits = String(value, radix: 10)
        guard decimals > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -decimals)
        let whole = padded[..<split]
        let fraction = padded[split...].reversed().drop { $0 == "0" }.reversed()
        return fraction.isEmpty ? String(whole) : "\(whole).\(String(fraction))"
    }

    /// Formats with exactly `places` fraction digits, truncating the rest (never shows more than there is).
    public static func format(_ value: BigUInt, decimals: Int, places: Int) -> String {
        let kept = places >= decimals ? value * BigUInt(10).power(places - decimals)
                                      : value / BigUInt(10).power(decimals - places)
        let digits = String(kept, radix: 10)
        guard places > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -places)
        return "\(padded[..<split]).\(padded[split...])"
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
