import Foundation
import Logging
import Services

/// A log handler writing one JSON object per line (`time`, `level`, `label`, `message`, then the
/// metadata as strings), for a log collector; every value is escaped by the JSON writer, so a
/// client's text in a path cannot forge a line.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let label: String
    let write: @Sendable (String) -> Void

    /// A handler for `label`, writing each line with `write` (standard error by default).
    public init(label: String, write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        var members: [(key: String, value: JSONValue)] = [
            ("time", .string(Self.time(Date()))), ("level", .string(event.level.rawValue)), ("label", .string(label)),
            ("message", .string(event.message.description)),
        ]
        for (key, value) in all.sorted(by: { $0.key < $1.key }) { members.append((key, .string("\(value)"))) }
        write(JSONWriter.write(.object(members)))
    }

    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// How `bifrost serve` writes its log.
public enum ServeLogFormat: String, Sendable, CaseIterable {
    /// swift-log's lines for people.
    case text
    /// One JSON object per line.
    case json

    /// The server's logger: one line per request at info, or warnings only when `quiet`.
    public func logger(quiet: Bool) -> Logger {
        var logger = switch self {
        case .text: Logger(label: "bifrost.serve")
        case .json: Logger(label: "bifrost.serve") { JSONLogHandler(label: $0) }
        }
        logger.logLevel = quiet ? .warning : .info
        return logger
    }
}
