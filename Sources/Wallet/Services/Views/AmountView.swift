import BigInt

/// An amount of ether written in one unit, as the command line prints it in JSON (`util from-wei`).
public struct AmountView: Codable, Sendable, Hashable {
    /// The exact amount in `unit`.
    public var value: String
    public var unit: String

    /// `wei` written exactly in `unit`.
    public init(wei: BigUInt, unit: EtherUnit) {
        value = EtherAmount(wei: wei).exact(in: unit)
        self.unit = unit.rawValue
    }
}
