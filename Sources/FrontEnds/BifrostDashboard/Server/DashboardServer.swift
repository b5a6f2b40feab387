import AppCore
import HTTPServing
import Hummingbird
import Logging

/// Runs a dashboard on 127.0.0.1 until cancelled: binds (port 0 picks a free one), reports the
/// link with its access token once listening, and reloads open pages as the home or the service changes.
public enum DashboardServer {
    /// Serves `session` on `port`; `ready` gets the link once the server listens.
    public static func run(session: Session, port: Int, rates: RatesSource = RatesSource(),
                           ready: @escaping @Sendable (String) async -> Void) async throws {
        let access = DashboardAccess()
        let app = await DashboardApp(session: session, access: access, rates: rates)
        var logger = Logger(label: "bifrost.dashboard")
        logger.logLevel = .warning
        let server = application(app, port: port, logger: logger) { _ in await ready(access.link) }
        // Each task says whether it was the server.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { await app.watchHome(); return false }
            group.addTask { await app.watchService(); return false }
            group.addTask { try await server.runService(gracefulShutdownSignals: [.sigint, .sigterm]); return true }
            // The server ends on Ctrl-C and the watchers go with it; a watcher that ends first
            // (there is no service to follow) leaves the server running.
            for try await wasServer in group where wasServer { break }
            group.cancelAll()
        }
    }

    /// The HTTP server of `app` on 127.0.0.1:`port`, with the connection rules of `limits`;
    /// `ready` gets the bound port once it listens, after `app`'s access has learned it.
    public static func application(_ app: DashboardApp, port: Int, limits: ServingLimits = ServingLimits(), logger: Logger,
                                   ready: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let access = app.access
        return Application(
            router: app.router(),
            server: .guarded(limits),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "bifrost-dashboard"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                access.bound(to: bound)
                await ready(bound)
            },
            logger: logger)
    }
}
