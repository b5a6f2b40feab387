/// What happened to a key's file, as the command line prints it in JSON (`key remove`, `key export`, `key re-encrypt`).
public enum KeyFileView: Encodable, Sendable, Hashable {
    /// The key `name` was removed from the vault.
    case removed(name: String)
    /// The key `name` was written to `file` as keystore JSON.
    case exported(name: String, file: String)
    /// The secrets of key `name` were encrypted again.
    case reencrypted(name: String)

    private enum Keys: String, CodingKey { case name, removed, file, reencrypted }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .removed(let name):
            try c.encode(name, forKey: .name)
            try c.encode(true, forKey: .removed)
        case .exported(let name, let file):
            try c.encode(name, forKey: .name)
            try c.encode(file, forKey: .file)
        case .reencrypted(let name):
            try c.encode(name, forKey: .name)
            try c.encode(true, forKey: .reencrypted)
        }
    }
}
