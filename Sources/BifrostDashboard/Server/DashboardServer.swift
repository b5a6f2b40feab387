import AppCore
import HTTPServing
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
        let server = application(app, port: port, logger: logger) { _ in await ready(access.link) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await app.watchHome() }
            group.addTask { try await server.runService(gracefulShutdownSignals: [.sigint, .sigterm]) }
            // The server ends on Ctrl-C; the watcher goes with it.
            try await group.next()
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
