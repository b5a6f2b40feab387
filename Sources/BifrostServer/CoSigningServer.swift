import Hummingbird
import Logging
import Services

/// How a co-signing server is reached and guarded.
public struct ServeSettings: Sendable {
    public var host: String
    /// 0 picks a free port.
    public var port: Int
    /// Who may write; open by default.
    public var access: WriteAccess
    /// Origins whose pages may call the API from a browser; none by default, `*` for any.
    public var corsOrigins: Set<String>
    /// How often the chain is read for executions; nil not to follow.
    public var followEvery: Duration?

    /// Loopback, open writes, no CORS, following every 5 seconds.
    public init(host: String = "127.0.0.1", port: Int, access: WriteAccess = WriteAccess(keys: nil), corsOrigins: Set<String> = [],
                followEvery: Duration? = .seconds(5)) {
        self.host = host
        self.port = port
        self.access = access
        self.corsOrigins = corsOrigins
        self.followEvery = followEvery
    }
}

/// Serves a co-signing service over HTTP until SIGINT or SIGTERM, on loopback unless told otherwise.
public enum CoSigningServer {
    /// The router for `service`, behind the path normalizer.
    public static func responder(service: CoSigningService, settings: ServeSettings = ServeSettings(port: 0)) -> some HTTPResponder<BasicRequestContext> {
        let router = Router()
        router.add(middleware: LogRequestsMiddleware(.info))
        if !settings.corsOrigins.isEmpty { router.add(middleware: CORSPolicy(origins: settings.corsOrigins)) }
        router.add(middleware: WriteAccessMiddleware(access: settings.access))
        CoSigningRoutes(service: service).add(to: router)
        return PathNormalizer(base: router.buildResponder())
    }

    /// Serves `service` as `settings` say, following the chain meanwhile; `ready` gets the bound port.
    public static func run(service: CoSigningService, settings: ServeSettings,
                           ready: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "bifrost.serve")
        logger.logLevel = .info
        let app = Application(
            responder: responder(service: service, settings: settings),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "bifrost-serve"),
            onServerRunning: { channel in await ready(channel.localAddress?.port ?? settings.port) },
            logger: logger)
        let follower = settings.followEvery.map { interval in
            Task { [logger] in
                await CoSigningFollower(service: service).run(every: interval) { error in
                    logger.warning("following the chain failed; trying again", metadata: ["error": .string("\(error)")])
                }
            }
        }
        defer { follower?.cancel() }
        try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])
    }
}
