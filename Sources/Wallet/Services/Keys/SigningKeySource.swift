import Foundation
import Storage

/// Why no usable signing key could be found.
public enum SigningKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    case none
    case ambiguous([SigningKeyOrigin])
    case invalid(SigningKeyOrigin)
    case file(FileAccessError)

    public var description: String {
        switch self {
        case .none:
            return "no signing key: give a vault key, a private key file or a private key, or set \(SigningKeySource.environmentVariable)"
        case .ambiguous(let given):
            return "give only one signing key, got \(given.map(\.description).joined(separator: " and "))"
        case .invalid(let origin):
            return "the private key from \(origin) is not a valid secp256k1 key (expected 32 bytes of hex)"
        case .file(let e):
            return e.description
        }
    }
}

/// Where a signing key was given, never the key itself: what an error may safely show.
public enum SigningKeyOrigin: Sendable, Equatable, CustomStringConvertible {
    /// A key of the vault, by name.
    case vault
    /// Hex given directly.
    case text
    /// A file holding the hex key, by path.
    case file(String)
    /// The `BIFROST_PRIVATE_KEY` environment variable.
    case environment

    public var description: String {
        switch self {
        case .vault: return "the vault"
        case .text: return "the text given"
        case .file(let path): return path
        case .environment: return SigningKeySource.environmentVariable
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
        if let privateKey { given.append(.hex(privateKey)) }
        if let privateKeyFile { given.append(.file(privateKeyFile)) }
        if given.isEmpty, let env = environment[environmentVariable], !env.isEmpty { return .environment }
        guard given.count <= 1 else { throw .ambiguous(given.map(\.origin)) }
        guard let source = given.first else { throw .none }
        return source
    }

    /// Where this key comes from, without the key.
    public var origin: SigningKeyOrigin {
        switch self {
        case .hex: return .text
        case .file(let path): return .file(path)
        case .environment: return .environment
        }
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
            return try parse(text, from: source.origin)
        case .file(let path):
            let raw: [UInt8]
            do { raw = try files.read(path) } catch { throw .file(error) }
            return try parse(String(decoding: raw, as: UTF8.self), from: source.origin)
        case .environment:
            return try parse(environment[SigningKeySource.environmentVariable] ?? "", from: source.origin)
        }
    }

    private func parse(_ text: String, from origin: SigningKeyOrigin) throws(SigningKeyError) -> PrivateKey {
        guard let key = try? KeyStore.privateKey(text: text) else { throw .invalid(origin) }
        return key
    }
}
