import Storage

/// A transaction sent, as the command line prints it in JSON (`send`).
public struct SendResultView: Codable, Sendable, Hashable {
    public var hash: String
    public var status: String
    @NullWhenAbsent public var blockNumber: String?
    @NullWhenAbsent public var gasUsed: String?
    @NullWhenAbsent public var effectiveGasPrice: String?

    /// The view of `t`.
    public init(_ t: StoredTransaction) {
        hash = Hex.encode(t.hash)
        status = t.status.rawValue
        blockNumber = t.blockNumber.map { String($0) }
        gasUsed = t.gasUsed.map { String($0) }
        effectiveGasPrice = t.effectiveGasPrice.map { String($0) }
    }
}
