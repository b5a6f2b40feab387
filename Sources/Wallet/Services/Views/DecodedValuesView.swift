/// ABI data decoded for a signature, in the JSON the command line prints (`abi decode`): the
/// types, and each value as JSON (integers as decimal strings, so none loses precision).
public struct DecodedValuesView: Codable, Sendable, Hashable {
    public var types: [String]
    public var values: [JSONValue]

    /// The view of `decoded`.
    public init(_ decoded: DecodedValues) {
        types = decoded.types.map(\.description)
        values = decoded.values.map(ABIValueFormatter.json)
    }
}
