/// Calldata encoded from a signature and arguments, as the command line prints it in JSON (`abi encode`).
public struct CalldataView: Codable, Sendable, Hashable {
    public var calldata: String
    /// The 4-byte selector; null for a bare `(types…)` tuple.
    @NullWhenAbsent public var selector: String?

    /// The view of `call`.
    public init(_ call: EncodedCall) {
        calldata = Hex.encode(call.calldata)
        selector = call.selector.map { Hex.encode($0) }
    }
}
