import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit

/// Reads and writes followed Safes, their proposed transactions and the collected signatures.
public struct SafeStorage: Sendable {
    let database: AppDatabase

    /// Safe storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Adds or updates a Safe.
    public func save(_ safe: Safe) async throws(StorageError) {
        let record = SafeRecord(safe)
        try await database.write { db in try record.save(db) }
    }

    /// The Safe at `address` on `chainID`, if followed.
    public func safe(chainID: BigUInt, address: Address) async throws(StorageError) -> Safe? {
        let id = String(chainID), a = address.checksummed
        return try await database.read { db in
            try SafeRecord.filter(SafeRecord.Columns.chainId == id && SafeRecord.Columns.address == a).fetchOne(db)?.entity()
        }
    }

    /// Followed Safes at `address` on any chain.
    public func safes(address: Address) async throws(StorageError) -> [Safe] {
        let a = address.checksummed
        return try await database.read { db in try SafeRecord.filter(SafeRecord.Columns.address == a).fetchAll(db).map { try $0.entity() } }
    }

    /// Every followed Safe, optionally on one chain, by name then address.
    public func safes(chainID: BigUInt? = nil) async throws(StorageError) -> [Safe] {
        let id = chainID.map { String($0) }
        return try await database.read { db in
            var request = SafeRecord.order(SafeRecord.Columns.name, SafeRecord.Columns.address)
            if let id { request = request.filter(SafeRecord.Columns.chainId == id) }
            return try request.fetchAll(db).map { try $0.entity() }
        }
    }

    /// Followed Safes observed as they change, from any process.
    public func observeSafes() -> ResultsController<Safe> {
        ResultsController(database: database) { db in
            try SafeRecord.order(SafeRecord.Columns.name, SafeRecord.Columns.address).fetchAll(db).map { try $0.entity() }
        }
    }

    /// Stores a transaction's fields and status, and merges its signatures into those stored by
    /// `ConfirmationSet`'s rule, in one write: an entry read before another writer added a
    /// signature loses nothing when it is saved.
    public func save(_ entry: SafeTransactionEntry) async throws(StorageError) {
        _ = try await write(entry, signatures: entry.signatures, fields: true)
    }

    /// Merges `signatures` into the stored transaction by `ConfirmationSet`'s rule, storing `entry`
    /// first when it is new, in one write; returns the transaction as stored and the signatures
    /// that changed. Nothing is written when nothing changed.
    public func merge(_ signatures: [SafeSignature], into entry: SafeTransactionEntry) async throws(StorageError)
        -> (entry: SafeTransactionEntry, changed: [SafeSignature]) {
        try await write(entry, signatures: signatures, fields: false)
    }

    private func write(_ entry: SafeTransactionEntry, signatures: [SafeSignature], fields: Bool) async throws(StorageError)
        -> (entry: SafeTransactionEntry, changed: [SafeSignature]) {
        // Immediate: another process (the CLI beside the dashboard) cannot merge between this read and write.
        try await database.immediateWrite { db in
            let merged = try SafeTransactionRows.merge(signatures, into: entry, fields: fields, at: entry.updatedAt, db)
            return (merged.entry, merged.changed)
        }
    }

    /// The transaction with `safeTxHash`, with every signature collected.
    public func transaction(safeTxHash: [UInt8]) async throws(StorageError) -> SafeTransactionEntry? {
        let key = Hex.encode(safeTxHash)
        return try await database.read { db in try SafeTransactionRows.entry(key, db) }
    }

    /// Transactions of one Safe, by nonce then creation (ordered by SQL), optionally only those with `status`.
    public func transactions(chainID: BigUInt, safe: Address, status: SafeTransactionStatus? = nil) async throws(StorageError) -> [SafeTransactionEntry] {
        let id = String(chainID), a = safe.checksummed
        return try await database.read { db in
            typealias C = SafeTransactionRecord.Columns
            var request = SafeTransactionRecord.filter(C.chainId == id && C.safe == a)
            if let status { request = request.filter(C.status == status.rawValue) }
            return try SafeTransactionRows.entries(try request.order(C.nonce, C.createdAt).fetchAll(db), db)
        }
    }
}
