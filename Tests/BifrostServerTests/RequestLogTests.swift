import BifrostServer
import Foundation
import Hummingbird
import Logging
import Services
import Synchronization
import Testing

@Suite("bifrost serve: the request log, as text or JSON lines")
struct RequestLogTests {
    /// Lines a `JSONLogHandler` wrote.
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
    }

    @Test("one JSON object per line: time, level, label, message and the metadata; a hostile message stays one line and parses back")
    func jsonLines() throws {
        let lines = Lines()
        var logger = Logger(label: "bifrost.serve") { JSONLogHandler(label: $0, write: { line in lines.all.withLock { $0.append(line) } }) }
        logger.logLevel = .info
        logger.info("Request", metadata: ["hb.request.path": "/api/v1/x\"\n{\"forged\":1}", "status": "404"])
        logger.debug("not at info")
        let written = lines.all.withLock { $0 }
        #expect(written.count == 1 && !written[0].contains("\n"))
        let object = try JSONParser.parse(written[0])
        #expect(object["level"] == .string("info") && object["message"] == .string("Request") && object["label"] == .string("bifrost.serve"))
        #expect(object["hb.request.path"] == .string("/api/v1/x\"\n{\"forged\":1}") && object["status"] == .string("404"))
        #expect(object["time"]?.stringValue.flatMap { ISO8601DateFormatter.withFraction.date(from: $0) } != nil)
    }

    @Test("--quiet keeps warnings only; the formats are text and json")
    func levels() {
        #expect(ServeLogFormat.json.logger(quiet: true).logLevel == .warning)
        #expect(ServeLogFormat.text.logger(quiet: false).logLevel == .info)
        #expect(ServeLogFormat.allCases.map(\.rawValue) == ["text", "json"])
    }
}

extension ISO8601DateFormatter {
    /// Reads times with fractional seconds, as the JSON log writes them.
    static var withFraction: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
