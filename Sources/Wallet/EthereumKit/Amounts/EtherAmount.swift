import BigInt

/// An amount of ether, held exactly in wei, that remembers the denomination it was created in
/// so `description` prints the way the amount was meant (`1000000 Wei`, `1.0000 Ξ`).
public struct EtherAmount: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The amount in wei.
    public let wei: BigUInt
    /// The denomination `description` uses.
    public let preferredUnit: EtherUnit

    /// An amount of `wei` wei.
    public init(wei: BigUInt) {
        self.wei = wei
        self.preferredUnit = .wei
    }

    /// An amount of whole ether.
    public init(ether: BigUInt) {
        self.wei = ether * BigUInt(10).power(18)
        self.preferredUnit = .ether
    }

    /// An amount of whole gwei.
    public init(gwei: BigUInt) {
        self.wei = gwei * BigUInt(10).power(9)
        self.preferredUnit = .gwei
    }

    /// Parses what a user types: `1.5ether`, `20 gwei`, `100wei`, or a bare integer meaning wei.
    public init(parsing text: String) throws(AmountError) {
        let s = text.trimmingWhitespace()
        guard !s.isEmpty else { throw .empty }
        let numberEnd = s.firstIndex { !($0.isASCIIDigit || $0 == "." || $0 == "_" || $0 == "-") } ?? s.endIndex
        let number = String(s[..<numberEnd])
        let unitText = String(s[numberEnd...]).trimmingWhitespace()
        // `abc` or a unit alone is a missing number, not an unknown unit.
        guard !number.isEmpty else { throw .invalidNumber(s) }
        let unit: EtherUnit
        if unitText.isEmpty {
            unit = .wei
        } else if let u = EtherUnit(name: unitText) {
            unit = u
        } else {
            throw .unknownUnit(unitText)
        }
        self.wei = try DecimalScaling.parse(number, decimals: unit.decimals)
        self.preferredUnit = unit == .wei ? .wei : .ether
    }

    /// `1000000 Wei`.
    public var descriptionAsWei: String { "\(wei) Wei" }

    /// Ether with four decimals, truncated: `1.0000 Ξ`.
    public var descriptionAsEther: String { "\(DecimalScaling.format(wei, decimals: 18, places: 4)) Ξ" }

    public var description: String { preferredUnit == .wei ? descriptionAsWei : descriptionAsEther }

    /// The exact value in `unit`, without trailing zeros (`1.5` for 1.5 ether).
    public func exact(in unit: EtherUnit) -> String { DecimalScaling.format(wei, decimals: unit.decimals) }

    public static func < (lhs: EtherAmount, rhs: EtherAmount) -> Bool { lhs.wei < rhs.wei }
    public static func == (lhs: EtherAmount, rhs: EtherAmount) -> Bool { lhs.wei == rhs.wei }
    public func hash(into hasher: inout Hasher) { hasher.combine(wei) }
}

extension BigUInt {
    /// This many wei.
    public var wei: EtherAmount { EtherAmount(wei: self) }
    /// This many gwei.
    public var gwei: EtherAmount { EtherAmount(gwei: self) }
    /// This many ether.
    public var ether: EtherAmount { EtherAmount(ether: self) }
}

extension BigInt {
    /// This many wei; negative values are clamped to zero because an amount of ether is never negative.
    public var wei: EtherAmount { EtherAmount(wei: sign == .minus ? 0 : magnitude) }
    /// This many gwei; negative values are clamped to zero.
    public var gwei: EtherAmount { EtherAmount(gwei: sign == .minus ? 0 : magnitude) }
    /// This many ether; negative values are clamped to zero.
    public var ether: EtherAmount { EtherAmount(ether: sign == .minus ? 0 : magnitude) }
}
