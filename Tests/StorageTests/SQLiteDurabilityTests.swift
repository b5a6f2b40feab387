@testable import CoSigningSQLite
import Foundation
@testable import Storage
import Testing

/// An acknowledged write must outlive a power cut too, not only kill -9: the server's SQLite file
/// syncs every commit (group commit makes that one sync a group).
@Suite("SQLite co-signing storage durability")
struct SQLiteDurabilityTests {
    @Test("the file's writer commits with synchronous = FULL, not GRDB's WAL default of NORMAL")
    func fullSync() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let storage = try SQLiteCoSigningStorage(path: path)
        #expect(try await storage.synchronousSetting() == 2)
        await storage.shutdown()
    }
}
