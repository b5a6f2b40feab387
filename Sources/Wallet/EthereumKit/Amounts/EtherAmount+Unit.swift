extension EtherAmount {
    /// Whether `text` writes its unit, letters after the number (`1.5ether`, `20 gwei`): the one
    /// rule that tells such an amount from a bare number, whose unit each field decides (wei for
    /// a raw amount and a contract argument, ETH for the dashboard's ETH fields).
    public static func writesUnit(_ text: String) -> Bool {
        text.contains(where: \.isLetter)
    }

    /// `text` as an ether amount: in the unit it writes, or a bare number in `bareUnit`.
    public init(parsing text: String, bareUnit: EtherUnit) throws(AmountError) {
        let s = text.trimmingWhitespace()
        try self.init(parsing: Self.writesUnit(s) ? s : "\(s) \(bareUnit.rawValue)")
    }
}
