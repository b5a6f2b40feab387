import AppCore
import Hummingbird
import Logging

/// Runs a dashboard on 127.0.0.1 until cancelled: binds (port 0 picks a free one), reports the
/// link with its access token once listening, and reloads open pages as the home changes.
public enum DashboardServer {
    /// Serves `session` on `port`; `ready` gets the link once the server listens.
    public static func run(session: Session, port: Int, rates: RatesSource = RatesSource(),
                           ready: @escaping @Sendable (String) async -> Void) async throws {
        let access = DashboardAccess()
        let app = await DashboardApp(session: session, access: access, rates: rates)
        var logger = Logger(label: "bifrost.dashboard")
        logger.logLevel = .warning
        let server = Application(
            router: app.router(),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "bifrost-dashboard"),
            onServerRunning: { channel in
                access.bound(to: channel.localAddress?.port ?? port)
                await ready(access.link)
            },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await app.watchHome() }
            group.addTask { try await server.runService(gracefulShutdownSignals: [.sigint, .sigterm]) }
            // The server ends on Ctrl-C; the watcher goes with it.
            try await group.next()
            group.cancelAll()
        }
    }
}
