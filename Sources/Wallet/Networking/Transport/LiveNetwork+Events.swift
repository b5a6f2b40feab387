import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension LiveNetwork {
    /// Streams the events as their bytes arrive. Reaching the server and its answer's head are
    /// bounded like any request; after that the stream lasts as long as the server keeps talking,
    /// and silence longer than the read timeout ends it.
    public func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try Self.checkPort(request.url)
                    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
                    outgoing.method = HTTPMethod(rawValue: request.method)
                    for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
                    outgoing.headers.replaceOrAdd(name: "Accept", value: "text/event-stream")
                    let response = try await client.execute(outgoing, deadline: .now() + Self.timeAmount(connectTimeout + readTimeout))
                    guard response.status.code == 200 else {
                        throw NetworkError.httpStatus(Int(response.status.code), body: NetworkError.excerpt(try await Self.head(of: response.body)))
                    }
                    var parser = ServerSentEventParser()
                    for try await chunk in response.body {
                        for event in parser.feed(chunk.readableBytesView) { continuation.yield(event) }
                    }
                    continuation.finish()
                } catch let error as NetworkError {
                    continuation.finish(throwing: error)
                } catch {
                    continuation.finish(throwing: failure(error, url: request.url, budget: connectTimeout + readTimeout))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The first few KiB of a refusal's body, however long it is: an error page larger than that
    /// still reads as the status it came with.
    private static func head(of body: HTTPClientResponse.Body, upTo limit: Int = 4096) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in body {
            bytes.append(contentsOf: chunk.readableBytesView.prefix(limit - bytes.count))
            if bytes.count >= limit { break }
        }
        return bytes
    }
}
