import NIOCore
import NIOHTTP1

/// Guards one HTTP/1 connection below the router, where raw requests are still visible:
/// - a client past its connection cap is closed at once;
/// - a request whose headers or body do not arrive within the read timeout closes the
///   connection, and so does a keep-alive connection left idle that long;
/// - a request with no Host, more than one, or an absolute-form target naming another host than
///   its Host is answered 400 and the connection closed (RFC 9112, 3.2), before any route sees it;
/// - an event stream whose client has gone (its FIN arrived) is closed at once, giving back its
///   descriptor, instead of waiting in CLOSE-WAIT for the next event to fail.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ServingLimits
    private let clients: ClientConnections
    private var client: String?
    private var deadline: Scheduled<Void>?
    /// When the connection is closed unless a request arrives whole first; nil while answering.
    private var deadlineAt: NIODeadline?
    private var readingRequest = false
    private var answersPending = 0
    private var eventStreamOpen = false
    private var refused = false

    init(limits: ServingLimits, clients: ClientConnections) {
        self.limits = limits
        self.clients = clients
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
    }

    // Started here, not in handlerAdded: an accepted socket is already active while the server
    // sets up its pipeline, but not registered yet, and a close then would be lost.
    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        if let client { clients.release(client) }
        client = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let problem = Self.hostProblem(head) { return refuse(context, problem) }
            readingRequest = true
            arm(context)
        case .body:
            break
        case .end:
            readingRequest = false
            answersPending += 1
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            eventStreamOpen = head.headers["content-type"].first?.lowercased().hasPrefix("text/event-stream") ?? false
        case .body:
            break
        case .end:
            eventStreamOpen = false
            answersPending = max(0, answersPending - 1)
            if answersPending == 0, !readingRequest { arm(context) }
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent, eventStreamOpen {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func start(_ context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard clients.admit(address) else {
            refused = true
            context.close(promise: nil)
            return
        }
        client = address
        arm(context)
    }

    /// Starts the read timeout afresh. One timer serves a connection's many requests: it is
    /// moved on when it fires early, rather than cancelled and scheduled for every request.
    private func arm(_ context: ChannelHandlerContext) {
        let (seconds, attoseconds) = limits.readTimeout.components
        let timeout = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let due = NIODeadline.now() + timeout
        deadlineAt = due
        if deadline == nil { schedule(context, at: due) }
    }

    private func schedule(_ context: ChannelHandlerContext, at when: NIODeadline) {
        deadline = context.eventLoop.assumeIsolated().scheduleTask(deadline: when) { [weak self] in
            guard let self else { return }
            self.deadline = nil
            guard let due = self.deadlineAt else { return }
            if due > .now() { return self.schedule(context, at: due) }
            context.close(promise: nil)
        }
    }

    /// Cancels the timer for good: the connection is over, or refused.
    private func stopTimer() {
        deadline?.cancel()
        deadline = nil
        deadlineAt = nil
    }

    /// Stops the read timeout: a request has arrived whole and is being answered.
    private func disarm() {
        deadlineAt = nil
    }

    /// Answers 400 with `reason` and closes; the rest of the request is dropped.
    private func refuse(_ context: ChannelHandlerContext, _ reason: String) {
        refused = true
        stopTimer()
        let body = context.channel.allocator.buffer(string: "Bad request: \(reason)\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// Why a request's host is not one the server can trust, or nil.
    static func hostProblem(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 { return "more than one Host header" }
        if hosts.isEmpty, head.version.major > 1 || head.version.minor >= 1 { return "no Host header" }
        let target = head.uri
        if target.hasPrefix("/") { return nil }
        if target == "*" { return head.method == .OPTIONS ? nil : "'*' is a target for OPTIONS only" }
        guard let schemeEnd = target.range(of: "://") else { return "the request target is neither a path nor an absolute URL" }
        let rest = target[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let host = hosts.first, authority.lowercased() == host.lowercased() else {
            return "the request target names another host than the Host header"
        }
        return nil
    }
}
