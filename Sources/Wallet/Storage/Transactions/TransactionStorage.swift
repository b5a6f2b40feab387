import EthereumKit
import GRDB

/// The local history of transactions Bifrost signed.
public struct TransactionStorage: Sendable {
    let database: AppDatabase

    /// Transaction storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Inserts or updates a transaction by hash.
    public func save(_ transaction: StoredTransaction) async throws(StorageError) {
        let record = TransactionRecord(transaction)
        try await database.write { db in try record.save(db) }
    }

    /// The transaction with `hash`, if Bifrost sent it.
    public func transaction(hash: [UInt8]) async throws(StorageError) -> StoredTransaction? {
        let key = Hex.encode(hash)
        return try await database.read { db in try TransactionRecord.fetchOne(db, key: key)?.entity() }
    }

    /// History, newest first, optionally only those sent from `from`.
    public func list(from: Address? = nil) async throws(StorageError) -> [StoredTransaction] {
        let sender = from?.checksummed
        return try await database.read { db in
            var request = TransactionRecord.order(TransactionRecord.Columns.createdAt.desc, TransactionRecord.Columns.nonce.desc)
            if let sender { request = request.filter(TransactionRecord.Columns.fromAddress == sender) }
            return try request.fetchAll(db).map { try $0.entity() }
        }
    }

    /// History observed as it changes.
    public func observe() -> ResultsController<StoredTransaction> {
        ResultsController(database: database) { db in
            try TransactionRecord.order(TransactionRecord.Columns.createdAt.desc).fetchAll(db).map { try $0.entity() }
        }
    }
}
