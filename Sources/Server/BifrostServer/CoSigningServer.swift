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
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: RequestLogMiddleware(level: .info))
        if !settings.corsOrigins.isEmpty { router.add(middleware: CORSPolicy(origins: settings.corsOrigins)) }
        router.add(middleware: WriteAccessMiddleware(access: settings.access))
        CoSigningRoutes(store: store, links: links, metrics: metrics, reorgDepth: settings.reorgDepth).add(to: router)
        return PathNormalizer(base: router.buildResponder())
    }

    /// Serves `store`'s co-signing actions as `settings` say, following the chain and
    /// delivering events meanwhile, until SIGINT or SIGTERM; then closes the database. `ready`
    /// gets the bound port. `logger` takes the request log (info) and the follower's warnings.
    public static func run(store: CoSigningStore, settings: ServeSettings, logger: Logger = defaultLogger,
                           ready: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let links = PageLinks(publicURL: settings.publicURL, host: settings.host)
        let metrics = ServeMetrics()
        let app = Application(
            responder: responder(store: store, settings: settings, links: links, metrics: metrics),
            server: .guarded(settings.limits),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "bifrost-serve"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                links.bound(to: port)
                await ready(port)
            },
            logger: logger)
        let follower = settings.followEvery.map { interval in
            Task { [logger] in
                // A failed pass is reported and tried again next time.
                while !Task.isCancelled {
                    do {
                        let report = try await store.dispatch(FollowServedChain(reorgDepth: settings.reorgDepth))
                        if let fork = report.rewoundTo {
                            logger.warning("the chain reorganised; what was read after the block that stands is read again",
                                           metadata: ["block": .stringConvertible(fork)])
                        }
                        metrics.followed(block: report.blocks.map { UInt64(clamping: $0.upperBound) },
                                         lag: report.blocks.map { UInt64(clamping: $0.upperBound - $0.lowerBound) } ?? 0, at: Date())
                    } catch {
                        metrics.followFailed()
                        logger.warning("following the chain failed; trying again", metadata: ["error": .string("\(error)")])
                    }
                    try? await Task.sleep(for: interval)
                }
            }
        }
        let deliveries = settings.webhooks.isEmpty ? nil : Task { [logger] in
            do {
                try await store.dispatch(DeliverWebhooks(webhooks: settings.webhooks, expiry: settings.webhookExpiry) { report in
                    switch report {
                    case .failed(let webhook, let eventID, let reason):
                        metrics.deliveryFailed()
                        logger.warning("a webhook delivery failed; it will be sent again",
                                       metadata: ["webhook": .string(webhook), "event": .stringConvertible(eventID), "error": .string(reason)])
                    case .deadLettered(let webhook, let count, let since):
                        logger.error("a webhook has failed for longer than its expiry: its queued events are dead letters, no longer sent",
                                     metadata: ["webhook": .string(webhook), "events": .stringConvertible(count),
                                                "failingSince": .string(since.formatted(.iso8601))])
                    }
                })
            } catch {
                logger.error("webhook deliveries stopped", metadata: ["error": .string("\(error)")])
            }
        }
        let served: Result<Void, any Error>
        do { served = .success(try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])) } catch { served = .failure(error) }
        // The requests are answered; the background work stops before the database closes under it.
        follower?.cancel()
        deliveries?.cancel()
        await follower?.value
        await deliveries?.value
        try? await store.dispatch(CloseServedStorage())
        logger.info("stopped; the database is closed")
        try served.get()
    }

    /// The server's log: info and above, to stderr.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "bifrost.serve")
        logger.logLevel = .info
        return logger
    }
}
