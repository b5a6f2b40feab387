/// Why a key name was refused.
public struct KeyNameError: Error, Equatable, Sendable, CustomStringConvertible {
    public let name: String

    /// An error for the refused `name`.
    public init(name: String) { self.name = name }

    public var description: String {
        "'\(name)' is not a usable key name: use 1–64 letters, digits, '.', '_' or '-', not starting with '.'"
    }
}

/// A key name that is safe as a file name on every platform.
public enum KeyName {
    /// Returns `name` if it is acceptable.
    public static func validate(_ name: String) throws(KeyNameError) -> String {
        let ok = !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0) }
        guard ok else { throw KeyNameError(name: name) }
        return name
    }
}
