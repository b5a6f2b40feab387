import GRDB

/// Reads and writes named networks and which one is current.
public struct NetworkStorage: Sendable {
    let database: AppDatabase
    static let currentKey = "currentNetwork"

    /// Network storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Adds or replaces a network.
    public func save(_ network: ChainNetwork) async throws(StorageError) {
        let record = NetworkRecord(network)
        try await database.write { db in try record.save(db) }
    }

    /// The network named `name`.
    public func network(named name: String) async throws(StorageError) -> ChainNetwork? {
        try await database.read { db in try NetworkRecord.fetchOne(db, key: name)?.entity() }
    }

    /// All networks by name.
    public func all() async throws(StorageError) -> [ChainNetwork] {
        try await database.read { db in try NetworkRecord.order(NetworkRecord.Columns.name).fetchAll(db).map { try $0.entity() } }
    }

    /// Makes `name` the network commands use by default.
    public func setCurrent(_ name: String) async throws(StorageError) {
        try await database.write { db in try SettingRecord(key: Self.currentKey, value: name).save(db) }
    }

    /// The current network's name, if one was chosen.
    public func currentName() async throws(StorageError) -> String? {
        try await database.read { db in try SettingRecord.fetchOne(db, key: Self.currentKey)?.value }
    }
}
