import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or query string; a name given twice
/// keeps every value, in order.
public struct FormData: Sendable {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    /// Parses `encoded`; malformed percent escapes are kept as written.
    public init(encoded: String) {
        for pair in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            fields.append((name, value))
        }
    }

    /// The first value of `name`, or nil when absent.
    public subscript(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    private static func decode(_ part: Substring) -> String {
        let plus = part.replacingOccurrences(of: "+", with: " ")
        return plus.removingPercentEncoding ?? plus
    }
}
