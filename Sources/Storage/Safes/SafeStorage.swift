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
    public func save(_ safe: Safe) throws(StorageError) {
        let record = SafeRecord(safe)
        try database.write { db in try record.save(db) }
    }

    /// The Safe at `address` on `chainID`, if followed.
    public func safe(chainID: BigUInt, address: Address) throws(StorageError) -> Safe? {
        let id = String(chainID), a = address.checksummed
        return try database.read { db in
            try SafeRecord.filter(Column("chainId") == id && Column("address") == a).fetchOne(db)?.entity
        }
    }

    /// Followed Safes at `address` on any chain.
    public func safes(address: Address) throws(StorageError) -> [Safe] {
        let a = address.checksummed
        return try database.read { db in try SafeRecord.filter(Column("address") == a).fetchAll(db).compactMap(\.entity) }
    }

    /// Every followed Safe, optionally on one chain, by name then address.
    public func safes(chainID: BigUInt? = nil) throws(StorageError) -> [Safe] {
        let id = chainID.map { String($0) }
        return try database.read { db in
            var request = SafeRecord.order(Column("name"), Column("address"))
            if let id { request = request.filter(Column("chainId") == id) }
            return try request.fetchAll(db).compactMap(\.entity)
        }
    }

    /// Followed Safes observed as they change, from any process.
    public func observeSafes() -> ResultsController<Safe> {
        ResultsController(database: database) { db in
            try SafeRecord.order(Column("name"), Column("address")).fetchAll(db).compactMap(\.entity)
        }
    }

    /// Stores a transaction and merges its signatures into those already stored, in one write.
    public func save(_ entry: SafeTransactionEntry) throws(StorageError) {
        let record = SafeTransactionRecord(entry)
        let hash = record.safeTxHash
        let signatures = entry.signatures.map {
            (SafeSignatureRecord(safeTxHash: hash, owner: $0.owner.checksummed, signature: Hex.encode($0.bytes), addedAt: entry.updatedAt),
             real: $0.kind != .approvedHash)
        }
        try database.write { db in
            try record.save(db)
            // A signature already stored for that owner stays as it was, except that a real
            // signature takes the place of an approved-hash entry, which is only a claim.
            for (s, real) in signatures {
                if real, let old = try SafeSignatureRecord.fetchOne(db, key: ["safeTxHash": s.safeTxHash, "owner": s.owner]),
                   (try? Hex.decode(old.signature))?.last == 1 {
                    try s.update(db)
                } else {
                    try s.insert(db, onConflict: .ignore)
                }
            }
        }
    }

    /// The transaction with `safeTxHash`, with every signature collected.
    public func transaction(safeTxHash: [UInt8]) throws(StorageError) -> SafeTransactionEntry? {
        let key = Hex.encode(safeTxHash)
        return try database.read { db in
            guard let record = try SafeTransactionRecord.fetchOne(db, key: key) else { return nil }
            return record.entity(signatures: try SafeSignatureRecord.filter(Column("safeTxHash") == key).fetchAll(db))
        }
    }

    /// Transactions of one Safe, by nonce then creation, optionally only those with `status`.
    public func transactions(chainID: BigUInt, safe: Address, status: SafeTransactionStatus? = nil) throws(StorageError) -> [SafeTransactionEntry] {
        let id = String(chainID), a = safe.checksummed
        return try database.read { db in
            var request = SafeTransactionRecord.filter(Column("chainId") == id && Column("safe") == a)
            if let status { request = request.filter(Column("status") == status.rawValue) }
            let records = try request.fetchAll(db)
            let hashes = records.map(\.safeTxHash)
            let signatures = Dictionary(grouping: try SafeSignatureRecord.filter(hashes.contains(Column("safeTxHash"))).fetchAll(db),
                                        by: \.safeTxHash)
            return records.compactMap { $0.entity(signatures: signatures[$0.safeTxHash] ?? []) }
                .sorted { ($0.transaction.nonce, $0.createdAt) < ($1.transaction.nonce, $1.createdAt) }
        }
    }
}
