import EthereumKit
import GRDB

/// Reads and writes account metadata.
public struct AccountStorage: Sendable {
    let database: AppDatabase

    /// Account storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Inserts or replaces the account with the same name.
    public func save(_ account: Account) async throws(StorageError) {
        let record = AccountRecord(account)
        try await database.write { db in try record.save(db) }
    }

    /// Inserts a new account; fails if the name is taken.
    public func insert(_ account: Account) async throws(StorageError) {
        let record = AccountRecord(account)
        let inserted: Bool = try await database.write { db in
            guard try AccountRecord.fetchOne(db, key: record.name) == nil else { return false }
            try record.insert(db)
            return true
        }
        guard inserted else { throw StorageError("a key named '\(account.name)' already exists") }
    }

    /// The account named `name`, if any.
    public func account(named name: String) async throws(StorageError) -> Account? {
        try await database.read { db in try AccountRecord.fetchOne(db, key: name)?.entity() }
    }

    /// Every account, ordered by name.
    public func all() async throws(StorageError) -> [Account] {
        try await database.read { db in try AccountsQuery.all.fetch(db) }
    }

    /// Deletes the account named `name`; returns whether there was one.
    @discardableResult
    public func delete(named name: String) async throws(StorageError) -> Bool {
        try await database.write { db in try AccountRecord.deleteOne(db, key: name) }
    }

    /// Accounts observed as they change, in name order.
    public func observeAll() -> ResultsController<Account> {
        ResultsController(database: database, query: AccountsQuery.all.fetch)
    }

    /// One account observed by name.
    public func observe(named name: String) -> EntityListener<Account> {
        EntityListener(database: database) { db in try AccountRecord.fetchOne(db, key: name)?.entity() }
    }
}

/// The account queries shared by reads and observations.
enum AccountsQuery {
    case all

    @Sendable func fetch(_ db: Database) throws -> [Account] {
        switch self {
        case .all: return try AccountRecord.order(AccountRecord.Columns.name).fetchAll(db).map { try $0.entity() }
        }
    }
}
