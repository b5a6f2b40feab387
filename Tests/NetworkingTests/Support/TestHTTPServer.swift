import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for LiveNetwork tests: each request gets
/// what `behaviour` decides, including no answer at all.
final class TestHTTPServer: Sendable {
    enum Behaviour: Sendable {
        /// Answer with this status and body.
        case respond(status: Int, body: String)
        /// Read the request and never answer.
        case silent
    }

    let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// Starts listening; `behaviour` sees each request's method, URI and body.
    init(_ behaviour: @escaping @Sendable (_ method: String, _ uri: String, _ body: [UInt8]) -> Behaviour) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let counters = Counters()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                counters.connection()
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler { method, uri, body in
                        counters.request()
                        return behaviour(method, uri, body)
                    })
                }
            }
        self.channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.port = channel.localAddress?.port ?? 0
        self.counters = counters
    }

    private let counters: Counters

    /// TCP connections clients opened so far, to see connection reuse.
    var connectionCount: Int { counters.connections.withLock { $0 } }

    /// HTTP requests received so far.
    var requestCount: Int { counters.requests.withLock { $0 } }

    private final class Counters: Sendable {
        let connections = Mutex(0)
        let requests = Mutex(0)
        func connection() { connections.withLock { $0 += 1 } }
        func request() { requests.withLock { $0 += 1 } }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Closes the listener and every open connection.
    func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// A port nothing listens on: bound once by the kernel's choice, then closed.
    static func closedPort() async throws -> Int {
        let group = MultiThreadedEventLoopGroup.singleton
        let channel = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 1
        try await channel.close()
        return port
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let behaviour: @Sendable (String, String, [UInt8]) -> Behaviour
        var head: HTTPRequestHead?
        var body = [UInt8]()

        init(_ behaviour: @escaping @Sendable (String, String, [UInt8]) -> Behaviour) {
            self.behaviour = behaviour
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body.removeAll()
            case .body(let buffer):
                body.append(contentsOf: buffer.readableBytesView)
            case .end:
                guard let head else { return }
                switch behaviour(head.method.rawValue, head.uri, body) {
                case .silent:
                    return
                case .respond(let status, let text):
                    var headers = HTTPHeaders()
                    headers.add(name: "Content-Type", value: "application/json")
                    headers.add(name: "Content-Length", value: String(text.utf8.count))
                    let responseHead = HTTPResponseHead(
                        version: head.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
                    context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
                    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                }
            }
        }
    }
}
