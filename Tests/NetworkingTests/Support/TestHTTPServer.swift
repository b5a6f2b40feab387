#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
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
    /// Runs `body` with a port on 127.0.0.1 that refuses connections: a socket is bound to it but
    /// never listens, so no other process can take the port while the test connects to it.
    static func withClosedPort<T>(_ body: (Int) async throws -> T) async throws -> T {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClosedPortError() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ClosedPortError() }
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }

    struct ClosedPortError: Error {}

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
