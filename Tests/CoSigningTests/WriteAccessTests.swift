import CoSigning
import Foundation
import Testing

/// The co-signing server's write keys: read strictly from a private file, matched whole, and each
/// held to its own rate.
@Suite("Write access: API keys and their rates")
struct WriteAccessTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_800_000_000)
        func now() -> Date { lock.withLock { time } }
        func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
    }

    @Test("keys file: comments and blank lines skipped, a rate per key or the default; short keys, bad rates and empty files refused")
    func parsing() throws {
        let keys = try APIKeys(text: "# ops\n\nalpha-key-0123456789 3\n  beta-key-0123456789abc   # no rate\n", defaultPerMinute: 7)
        #expect(keys.count == 2)
        for bad in ["short 3\n", "alpha-key-0123456789 0\n", "alpha-key-0123456789 x\n", "alpha-key-0123456789 1 2\n", "# nothing\n"] {
            #expect(throws: APIKeysError.self, "\(bad)") { try APIKeys(text: bad, defaultPerMinute: 7) }
        }
    }

    @Test("a keys file others can read is refused; chmod 600 is taken")
    func filePermissions() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("alpha-key-0123456789\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        #expect(throws: APIKeysError.self) { try APIKeys(file: path, defaultPerMinute: 60) }
        chmod(path, 0o600)
        #expect(try APIKeys(file: path, defaultPerMinute: 60).count == 1)
    }

    @Test("no keys: every write passes; with keys: only a whole known key, each within its own rate, refilled over time")
    func decisions() async throws {
        #expect(await WriteAccess(keys: nil).decide(key: nil) == .allowed(label: nil))
        let clock = Clock()
        let access = WriteAccess(keys: try APIKeys(text: "alpha-key-0123456789 2\nbeta-key-0123456789abc 60\n", defaultPerMinute: 60),
                                 now: { clock.now() })
        for key in [nil, "", "alpha-key-012345678", "alpha-key-01234567890", "ALPHA-KEY-0123456789"] {
            #expect(await access.decide(key: key) == .unauthorized, "\(key ?? "nil")")
        }
        #expect(await access.decide(key: "alpha-key-0123456789") == .allowed(label: "key 1 (line 1)"))
        #expect(await access.decide(key: "alpha-key-0123456789") == .allowed(label: "key 1 (line 1)"))
        #expect(await access.decide(key: "alpha-key-0123456789") == .limited(retryAfter: 30), "2 a minute: one every 30 s")
        #expect(await access.decide(key: "beta-key-0123456789abc") == .allowed(label: "key 2 (line 2)"), "beta's own rate")
        clock.advance(29)
        #expect(await access.decide(key: "alpha-key-0123456789") == .limited(retryAfter: 1))
        clock.advance(1)
        #expect(await access.decide(key: "alpha-key-0123456789") == .allowed(label: "key 1 (line 1)"))
    }
}
