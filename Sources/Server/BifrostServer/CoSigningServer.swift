import BigInt
import CoSigning
import Foundation
import HTTPServing
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
    /// The address clients reach the server at (behind a proxy, its public URL), for the links
    /// of paged answers; nil for the listen address. Never taken from a request's Host header.
    public var publicURL: URL?
    /// Read timeout and connections per client.
    public var limits: ServingLimits
    /// Where events are POSTed, each signed with its webhook's secret; none by default.
    public var webhooks: [Webhook]
    /// How long a receiver may fail, from its first failure, before its events are dead letters.
    public var webhookExpiry: Duration
    /// How many of the last blocks read are checked for a reorganisation and taken back after one.
    public var reorgDepth: Int
    /// How long a server holds a delivery it claimed before another server sharing the database may send it.
    public var webhookLease: Duration = WebhookDeliverer.defaultLease

    /// Loopback, open writes, no CORS, following every 5 seconds, links to the listen address.
    public init(host: String = "127.0.0.1", port: Int, access: WriteAccess = WriteAccess(keys: nil), corsOrigins: Set<String> = [],
                followEvery: Duration? = .seconds(5), publicURL: URL? = nil, limits: ServingLimits = ServingLimits(connectionsPerClient: 256),
                webhooks: [Webhook] = [], webhookExpiry: Duration = WebhookDeliverer.defaultExpiry, reorgDepth: Int = 10) {
        self.host = host
        self.port = port
        self.access = access
        self.corsOrigins = corsOrigins
        self.followEvery = followEvery
        self.publicURL = publicURL
        self.limits = limits
        self.webhooks = webhooks
        self.webhookExpiry = webhookExpiry
        self.reorgDepth = reorgDepth
    }
}

/// Serves a co-signing service over HTTP until SIGINT or SIGTERM, on loopback unless told otherwise.
public enum CoSigningServer {
    /// The router for `store`'s co-signing actions, behind the path normalizer; paging links start where `links` says.
    public static func responder(store: CoSigningStore, settings: ServeSettings = ServeSettings(port: 0),
                                 links: PageLinks = PageLinks(publicURL: nil, host: "127.0.0.1"),
                                 metrics: ServeMetrics = ServeMetrics()) -> some HTTPResponder<BasicRequestContext> {
        let routes = CoSigningRoutes(store: store, links: links, metrics: metrics, reorgDepth: settings.reorgDepth)
        return routed(settings: settings, metrics: metrics) { routes.add(to: $0) }
    }

    /// Every chain's router, each request sent to the chain its path names (the first for a path
    /// that names none), and the Queue Service API's under `/queue`; a chain's paging links keep its name.
    public static func responder(chains: ServedChains, settings: ServeSettings = ServeSettings(port: 0),
                                 links: PageLinks = PageLinks(publicURL: nil, host: "127.0.0.1"),
                                 metrics: ServeMetrics = ServeMetrics()) -> some HTTPResponder<BasicRequestContext> {
        let responders = chains.all.enumerated().map { n, chain in
            let routes = CoSigningRoutes(store: chain.store, links: n == 0 ? links : links.under(chain.names.first ?? String(chain.chainID)),
                                         metrics: metrics, reorgDepth: settings.reorgDepth)
            return routed(settings: settings, metrics: metrics) { routes.add(to: $0) }
        }
        // The Queue Service's links have no trailing slash, as its paths have none.
        let queue = QueueRoutes(chains: chains, routes: chains.all.map {
            CoSigningRoutes(store: $0.store, links: links.under("queue"), metrics: metrics, reorgDepth: settings.reorgDepth, trailingSlash: false)
        })
        return ChainDispatcher(chains: chains, responders: responders, queue: routed(settings: settings, metrics: metrics) { queue.add(to: $0) })
    }

    /// A router with the server's middleware (metrics, the request log, CORS, write access) and
    /// the routes `add` puts in it, behind the path normalizer.
    private static func routed(settings: ServeSettings, metrics: ServeMetrics,
                               _ add: (Router<BasicRequestContext>) -> Void) -> PathNormalizer<RouterResponder<BasicRequestContext>> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: RequestLogMiddleware(level: .info))
        if !settings.corsOrigins.isEmpty { router.add(middleware: CORSPolicy(origins: settings.corsOrigins)) }
        router.add(middleware: WriteAccessMiddleware(access: settings.access))
        add(router)
        return PathNormalizer(base: router.buildResponder())
    }

    /// The application serving every chain of `chains` as `settings` say, with its background
    /// work as services of the application: each chain's follower (unless `followEvery` is nil)
    /// and the webhook deliverer (when there are webhooks), over the one database the chains
    /// share. The application's service group starts them with the server and, on a graceful
    /// shutdown, stops them after the server has answered its requests. `ready` gets the bound
    /// port; `logger` takes the request log and the services' reports.
    public static func application(chains: ServedChains, settings: ServeSettings, logger: Logger = defaultLogger,
                                   ready: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let links = PageLinks(publicURL: settings.publicURL, host: settings.host)
        let metrics = ServeMetrics()
        var app = Application(
            responder: responder(chains: chains, settings: settings, links: links, metrics: metrics),
            server: .guarded(settings.limits),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "bifrost-serve"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                links.bound(to: port)
                await ready(port)
            },
            logger: logger)
        if let interval = settings.followEvery {
            for chain in chains.all {
                app.addServices(ChainFollowing(store: chain.store, every: interval, reorgDepth: settings.reorgDepth, metrics: metrics, logger: logger))
            }
        }
        if !settings.webhooks.isEmpty {
            // One outbox for every chain: the events carry their chain's ID.
            app.addServices(WebhookDelivery(store: chains.first.store, webhooks: settings.webhooks, expiry: settings.webhookExpiry,
                                            lease: settings.webhookLease, metrics: metrics, logger: logger))
        }
        return app
    }

    /// Runs `application(chains:settings:logger:ready:)` until SIGINT or SIGTERM (or until the
    /// task is cancelled), then closes the database: last, once the requests are answered and the
    /// application's services have stopped.
    public static func run(chains: ServedChains, settings: ServeSettings, logger: Logger = defaultLogger,
                           ready: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let app = application(chains: chains, settings: settings, logger: logger, ready: ready)
        let served: Result<Void, any Error>
        do { served = .success(try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])) } catch { served = .failure(error) }
        try? await chains.first.store.dispatch(CloseServedStorage())
        logger.info("stopped; the database is closed")
        try served.get()
    }

    /// `run(chains:…)` for the one chain `store` serves.
    public static func run(store: CoSigningStore, settings: ServeSettings, logger: Logger = defaultLogger,
                           ready: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await run(chains: try ServedChains([try await ServedChain.of(store)]), settings: settings, logger: logger, ready: ready)
    }

    /// The server's log: info and above, to stderr.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "bifrost.serve")
        logger.logLevel = .info
        return logger
    }
}
