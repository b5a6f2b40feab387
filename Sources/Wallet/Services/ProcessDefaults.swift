import Networking
import Storage

/// Process-wide defaults a front end can override for a scope, as tests do to run the CLI
/// against a `MockNetwork` instead of the internet.
public enum ProcessDefaults {
    /// The HTTP transport `AppServices.open` uses when none is given.
    @TaskLocal public static var network: any Networking.Network = LiveNetwork.shared
}

extension ProcessDefaults {
    /// Sends what the network layer says once and is not an error (e.g. that a node takes no
    /// batches, so requests go one at a time) to `sink`, for a front end to show.
    public static func showNetworkNotices(_ sink: @escaping @Sendable (String) -> Void) { NetworkNotices.install(sink) }
}
