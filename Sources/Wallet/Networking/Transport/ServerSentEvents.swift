/// One server-sent event: its ID (the last one the stream named), its name and its data.
public struct ServerSentEvent: Sendable, Equatable {
    public let id: String?
    /// `message` when the stream named none.
    public let name: String
    /// The event's data lines, joined with newlines.
    public let data: String

    /// An event as a stream frames it.
    public init(id: String?, name: String, data: String) {
        self.id = id
        self.name = name
        self.data = data
    }
}

/// Reads a `text/event-stream` as its bytes arrive, however they are split: lines end with LF,
/// CRLF or CR, a blank line ends an event, and lines starting with `:` are comments. A line longer
/// than `maxLine` bytes is dropped, and so is an event whose data outgrows `maxEvent` bytes, so a
/// hostile server can grow neither without bound.
public struct ServerSentEventParser: Sendable {
    public static let maxLine = 1 << 20
    public static let maxEvent = 1 << 20
    private var line: [UInt8] = []
    private var overlong = false
    private var afterCR = false
    private var atStart = true
    private var lastID: String?
    private var name: String?
    private var data: [String] = []
    private var dataBytes = 0
    /// The event under way outgrew `maxEvent`: its data is dropped until the blank line ending it.
    private var overfull = false

    /// A parser at the start of a stream.
    public init() {}

    /// The events `bytes` complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var out: [ServerSentEvent] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0A || byte == 0x0D {
                afterCR = byte == 0x0D
                if let event = endLine() { out.append(event) }
            } else if line.count < Self.maxLine {
                line.append(byte)
            } else {
                overlong = true
            }
        }
        return out
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer {
            line.removeAll(keepingCapacity: true)
            overlong = false
        }
        if atStart {
            atStart = false
            // A stream may open with a UTF-8 byte order mark, which is no part of its first line.
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        if overlong { return nil }
        if line.isEmpty {
            defer { (name, data, dataBytes, overfull) = (nil, [], 0, false) }
            guard !data.isEmpty, !overfull else { return nil }
            return ServerSentEvent(id: lastID, name: name ?? "message", data: data.joined(separator: "\n"))
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring, value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            let rest = text[text.index(after: colon)...]
            value = rest.first == " " ? rest.dropFirst() : rest
        } else {
            (field, value) = (Substring(text), "")
        }
        switch field {
        case "data":
            dataBytes += value.utf8.count + 1
            if dataBytes > Self.maxEvent { (overfull, data) = (true, []) }
            if !overfull { data.append(String(value)) }
        case "event": name = String(value)
        case "id" where !value.contains("\0"): lastID = String(value)
        default: break
        }
        return nil
    }
}

extension Network {
    /// The events of the `text/event-stream` at `request`, read from its whole answer: for a
    /// network that answers at once (a mock). There is no default `events`, so a wrapper cannot
    /// silently turn a live stream into one that waits for its end.
    public func bufferedEvents(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await send(request).requireSuccess()
                    var parser = ServerSentEventParser()
                    for event in parser.feed(response.body) { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
