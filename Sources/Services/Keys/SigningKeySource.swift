import Foundation

/// Why no usable signing key could be found.
public enum SigningKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    case none
    case ambiguous([String])
    case invalid(source: String)
    case file(FileAccessError)

    public var description: String {
        switch self {
        case .none:
            return "no signing key: give --key NAME, --private-key-file FILE or --private-key HEX, or set BIFROST_PRIVATE_KEY"
        case .ambiguous(let given):
            return "give only one signing key, got \(given.joined(separator: " and "))"
        case .invalid(let source):
            return "the private key from \(source) is not a valid secp256k1 key (expected 32 bytes of hex)"
        case .file(let e):
            return e.description
        }
    }
}

/// Where the signing key of a command comes from. The key text itself is never kept here longer
/// than it takes to parse it.
public enum SigningKeySource: Sendable, Equatable {
    /// Hex given on the command line (`--private-key`).
    case hex(String)
    /// A file holding the hex key (`--private-key-file`).
    case file(String)
    /// The `BIFROST_PRIVATE_KEY` environment variable.
    case environment

    /// The environment variable a raw key may come from, so it need not sit in shell history.
    public static let environmentVariable = "BIFROST_PRIVATE_KEY"

    /// Picks the one source the user gave; more than one is an error rather than a silent choice.
    public static func choose(privateKey: String?, privateKeyFile: String?,
                              environment: [String: String]) throws(SigningKeyError) -> SigningKeySource {
        var given = [SigningKeySource]()
        var names = [String]()
        if let privateKey { given.append(.hex(privateKey)); names.append("--private-key") }
        if let privateKeyFile { given.append(.file(privateKeyFile)); names.append("--private-key-file") }
        if given.isEmpty, let env = environment[environmentVariable], !env.isEmpty { return .environment }
        guard given.count <= 1 else { throw .ambiguous(names) }
        guard let source = given.first else { throw .none }
        return source
    }
}

/// Turns a `SigningKeySource` into a `PrivateKey`.
public struct SigningKeyResolver: Sendable {
    let files: FileAccess
    let environment: [String: String]

    /// A resolver reading files through `files` and variables from `environment`.
    public init(files: FileAccess = .live, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.files = files
        self.environment = environment
    }

    /// The key the source names.
    public func resolve(_ source: SigningKeySource) throws(SigningKeyError) -> PrivateKey {
        switch source {
        case .hex(let text):
            return try parse(text, from: "--private-key")
        case .file(let path):
            let raw: [UInt8]
            do { raw = try files.read(path) } catch { throw .file(error) }
            return try parse(String(decoding: raw, as: UTF8.self), from: path)
        case .environment:
            return try parse(environment[SigningKeySource.environmentVariable] ?? "", from: SigningKeySource.environmentVariable)
        }
    }

    private func parse(_ text: String, from source: String) throws(SigningKeyError) -> PrivateKey {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let key = try? PrivateKey(hex: trimmed) else { throw .invalid(source: source) }
        return key
    }
}
