import EthereumKit
import Foundation
import Storage
import Testing

@Suite("ResultsController and EntityListener")
struct ObservationTests {
    static func account(_ name: String, _ byte: UInt8 = 1) -> Account {
        Account(name: name, address: try! Address(bytes: [UInt8](repeating: byte, count: 20)), kind: .privateKey,
                derivationPath: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("given an observed query, when rows are inserted and deleted, then each new result arrives in order")
    func resultsController() async throws {
        let storage = AccountStorage(database: try AppDatabase.inMemory())
        let controller = storage.observeAll()
        var iterator = controller.results.makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await storage.insert(Self.account("bob"))
        #expect(try await iterator.next()?.map(\.name) == ["bob"])
        try await storage.insert(Self.account("alice", 2))
        #expect(try await iterator.next()?.map(\.name) == ["alice", "bob"])
        try await storage.delete(named: "bob")
        #expect(try await iterator.next()?.map(\.name) == ["alice"])
        #expect(try await controller.fetch().map(\.name) == ["alice"])
    }

    @Test("given a listened row, when it is created, updated and deleted, then upsert, upsert and delete arrive")
    func entityListener() async throws {
        let storage = AccountStorage(database: try AppDatabase.inMemory())
        var changes = storage.observe(named: "carol").changes.makeAsyncIterator()
        #expect(try await changes.next() == .delete)
        let first = Self.account("carol", 3)
        try await storage.insert(first)
        #expect(try await changes.next() == .upsert(first))
        let moved = Self.account("carol", 4)
        try await storage.save(moved)
        #expect(try await changes.next() == .upsert(moved))
        try await storage.insert(Self.account("dave", 5))
        try await storage.delete(named: "carol")
        #expect(try await changes.next() == .delete)
    }

    @Test("a second insert under the same name is refused and the first one kept")
    func uniqueNames() async throws {
        let storage = AccountStorage(database: try AppDatabase.inMemory())
        try await storage.insert(Self.account("erin", 6))
        await #expect(throws: StorageError("a key named 'erin' already exists")) { try await storage.insert(Self.account("erin", 7)) }
        #expect(try await storage.account(named: "erin")?.address == Self.account("erin", 6).address)
    }

    @Test("a database on disk is migrated once and sees what another connection wrote")
    func onDisk() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-db-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let home = BifrostHome(url: dir)
        let writer = AccountStorage(database: try AppDatabase.open(home: home))
        let reader = AccountStorage(database: try AppDatabase.open(home: home))
        var results = reader.observeAll().results.makeAsyncIterator()
        #expect(try await results.next() == [])
        try await writer.insert(Self.account("frank", 8))
        #expect(try await reader.all().map(\.name) == ["frank"])
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("key names must be safe file names")
    func keyNames() {
        #expect((try? KeyName.validate("alice-1.hot_wallet")) == "alice-1.hot_wallet")
        for bad in ["", ".hidden", "a/b", "../x", "with space", String(repeating: "a", count: 65), "ünï"] {
            #expect(throws: KeyNameError(name: bad)) { try KeyName.validate(bad) }
        }
    }
}
