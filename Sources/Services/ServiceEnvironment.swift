import Networking
import Storage

/// Process-wide defaults a front end can override for a scope, as tests do to run the CLI
/// against a `MockNetwork` instead of the internet.
public enum ServiceEnvironment {
    /// The HTTP transport `AppServices.open` uses when none is given.
    @TaskLocal public static var network: any Networking.Network = LiveNetwork.shared
}
