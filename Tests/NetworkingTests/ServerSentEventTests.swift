import Foundation
import Networking
import Testing

@Suite("Server-sent events: framing however the bytes are split")
struct ServerSentEventTests {
    static let stream = ": events after 4\n\nid: 5\nevent: PENDING_MULTISIG_TRANSACTION\ndata: {\"a\":1}\n\n: alive\n\nid: 6\r\nevent: NEW_CONFIRMATION\r\ndata: one\r\ndata:two\r\n\r\ndata: no name\n\n"
    static let expected = [
        ServerSentEvent(id: "5", name: "PENDING_MULTISIG_TRANSACTION", data: "{\"a\":1}"),
        ServerSentEvent(id: "6", name: "NEW_CONFIRMATION", data: "one\ntwo"),
        // An event without an ID keeps the last one the stream named.
        ServerSentEvent(id: "6", name: "message", data: "no name"),
    ]

    @Test("comments are skipped, CRLF and LF both end lines, data lines join, the ID carries over, a missing name is message")
    func whole() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array(Self.stream.utf8)) == Self.expected)
    }

    @Test("the same events whatever size the chunks are, a CRLF split across two included", arguments: [1, 2, 3, 7, 64])
    func chunked(_ size: Int) {
        var parser = ServerSentEventParser()
        let bytes = Array(Self.stream.utf8)
        var events: [ServerSentEvent] = []
        for start in stride(from: 0, to: bytes.count, by: size) { events += parser.feed(bytes[start..<min(start + size, bytes.count)]) }
        #expect(events == Self.expected)
    }

    @Test("an event is only announced at its blank line; one without data is none")
    func incomplete() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("id: 1\nevent: x\n\ndata: half".utf8)).isEmpty)
        #expect(parser.feed(Array("\n\n".utf8)) == [ServerSentEvent(id: "1", name: "message", data: "half")])
    }

    @Test("a line longer than the limit is dropped, and the stream goes on")
    func overlong() {
        var parser = ServerSentEventParser()
        let huge = "data: " + String(repeating: "x", count: ServerSentEventParser.maxLine + 10) + "\n"
        #expect(parser.feed(Array((huge + "data: kept\n\n").utf8)) == [ServerSentEvent(id: nil, name: "message", data: "kept")])
    }

    @Test("an event whose data lines outgrow the limit together is dropped at its blank line, and the next one is read")
    func overfull() {
        var parser = ServerSentEventParser()
        let line = "data: " + String(repeating: "y", count: 4095) + "\n"
        var events = parser.feed(Array("id: 1\n".utf8))
        for _ in 0..<(ServerSentEventParser.maxEvent / 4096 + 2) { events += parser.feed(Array(line.utf8)) }
        events += parser.feed(Array("\nid: 2\ndata: next\n\n".utf8))
        #expect(events == [ServerSentEvent(id: "2", name: "message", data: "next")])
    }

    @Test("a byte order mark opening the stream is no part of its first field")
    func byteOrderMark() {
        var parser = ServerSentEventParser()
        #expect(parser.feed([0xEF, 0xBB, 0xBF] + Array("id: 3\ndata: x\n\n".utf8)) == [ServerSentEvent(id: "3", name: "message", data: "x")])
    }

    @Test("a network that answers at once gives the events of its whole answer, and a refusal ends the stream with its status")
    func defaultReader() async throws {
        let ok = StaticNetwork(response: HTTPResponse(status: 200, body: Array(Self.stream.utf8)))
        var read: [ServerSentEvent] = []
        for try await event in ok.events(HTTPRequest(method: "GET", url: URL(string: "http://x/events")!, headers: [:], body: [])) { read.append(event) }
        #expect(read == Self.expected)
        let missing = StaticNetwork(response: HTTPResponse(status: 404, body: Array("no".utf8)))
        await #expect(throws: NetworkError.httpStatus(404, body: "no")) {
            for try await _ in missing.events(HTTPRequest(method: "GET", url: URL(string: "http://x/events")!, headers: [:], body: [])) {}
        }
    }
}

/// Answers every request with one response.
private struct StaticNetwork: Network {
    let response: HTTPResponse
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { response }
    func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> { bufferedEvents(request) }
}
