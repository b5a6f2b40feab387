import Foundation

/// Where Bifrost keeps its files: `--home`, else `$BIFROST_HOME`, else `$XDG_DATA_HOME/bifrost`,
/// else `~/.local/share/bifrost`.
public struct BifrostHome: Sendable, Hashable {
    /// The directory.
    public let url: URL

    /// A home at an explicit directory.
    public init(url: URL) { self.url = url }

    /// Resolves the home from an explicit option and the environment, in that order.
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> BifrostHome {
        if let explicit, !explicit.isEmpty { return BifrostHome(url: URL(fileURLWithPath: explicit)) }
        if let env = environment["BIFROST_HOME"], !env.isEmpty { return BifrostHome(url: URL(fileURLWithPath: env)) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return BifrostHome(url: URL(fileURLWithPath: xdg).appendingPathComponent("bifrost"))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return BifrostHome(url: URL(fileURLWithPath: home).appendingPathComponent(".local/share/bifrost"))
    }

    /// `keys/`, where the vault's encrypted key files live.
    public var keysDirectory: URL { url.appendingPathComponent("keys") }

    /// `bifrost.sqlite`, the database.
    public var databaseURL: URL { url.appendingPathComponent("bifrost.sqlite") }
}
