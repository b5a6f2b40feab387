import NIOCore

/// A page's renders that also end when its client's connection closes: the stream's consumer
/// waits on the next render, and without this it would hold the page's subscription (and the
/// response its connection) until a render that may never come.
enum LiveRenders {
    static func until(_ closed: EventLoopFuture<Void>, _ renders: AsyncStream<Void>) -> AsyncStream<Void> {
        let (events, continuation) = AsyncStream.makeStream(of: Void.self)
        let forward = Task {
            for await _ in renders { continuation.yield() }
            continuation.finish()
        }
        continuation.onTermination = { _ in forward.cancel() }
        closed.whenComplete { _ in continuation.finish() }
        return events
    }
}
