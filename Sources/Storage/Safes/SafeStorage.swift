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

    /// Stores a transaction and merges its signatures into those already stored, in one write.
    public func save(_ entry: SafeTransactionEntry) async throws(StorageError) {
        let record = SafeTransactionRecord(entry)
        let hash = record.safeTxHash
        let signatures = entry.signatures.map {
            (SafeSignatureRecord(safeTxHash: hash, owner: $0.owner.checksummed, signature: Hex.encode($0.bytes), addedAt: entry.updatedAt),
             kind: $0.kind)
        }
        try await database.write { db in
            try record.save(db)
            // A signature already stored for that owner stays as it was, except that a real
            // signature takes the place of an approved-hash entry, which is only a claim, and a
            // contract signature may grow as more of the contract's own owners sign.
            for (s, kind) in signatures {
                let old = try SafeSignatureRecord.fetchOne(db, key: ["safeTxHash": s.safeTxHash, "owner": s.owner])
                let oldV = old.flatMap { try? Hex.decode($0.signature) }.flatMap { $0.count > 64 ? $0[64] : nil }
                if (kind != .approvedHash && oldV == 1) || (kind == .contract && oldV == 0) {
                    try s.update(db)
                } else {
                    try s.insert(db, onConflict: .ignore)
                }
            }
        }
    }

    /// The transaction with `safeTxHash`, with every signature collected.
    public func transaction(safeTxHash: [UInt8]) async throws(StorageError) -> SafeTransactionEntry? {
        let key = Hex.encode(safeTxHash)
        return try await database.read { db in
            guard let record = try SafeTransactionRecord.fetchOne(db, key: key) else { return nil }
            return try record.entity(signatures: try SafeSignatureRecord.filter(SafeSignatureRecord.Columns.safeTxHash == key).fetchAll(db))
        }
    }

    /// Transactions of one Safe, by nonce then creation (ordered by SQL), optionally only those with `status`.
    public func transactions(chainID: BigUInt, safe: Address, status: SafeTransactionStatus? = nil) async throws(StorageError) -> [SafeTransactionEntry] {
        let id = String(chainID), a = safe.checksummed
        return try await database.read { db in
            typealias C = SafeTransactionRecord.Columns
            var request = SafeTransactionRecord.filter(C.chainId == id && C.safe == a)
            if let status { request = request.filter(C.status == status.rawValue) }
            let records = try request.order(C.nonce, C.createdAt).fetchAll(db)
            let hashes = records.map(\.safeTxHash)
            let signatures = Dictionary(grouping: try SafeSignatureRecord.filter(hashes.contains(SafeSignatureRecord.Columns.safeTxHash)).fetchAll(db),
                                        by: \.safeTxHash)
            return try records.map { try $0.entity(signatures: signatures[$0.safeTxHash] ?? []) }
        }
    }
}
