import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with a `ConnectionGuard` placed before the conversion to
/// HTTP types, where the raw Host headers and request target can still be seen.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value
    let base: HTTP1Channel
    let limits: ServingLimits
    let clients: ClientConnections

    var responder: HTTPChannelHandler.Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = limits, clients = clients
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(ConnectionGuard(limits: limits, clients: clients), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with Bifrost's connection rules (`ConnectionGuard`): read timeouts, a cap per
    /// client, one trustworthy Host, and event streams closed with their client.
    public static func guarded(_ limits: ServingLimits) -> HTTPServerBuilder {
        let clients = ClientConnections(limit: limits.connectionsPerClient)
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(base: HTTP1Channel(responder: responder), limits: limits, clients: clients)
        }
    }
}
