import BigInt
import CoSigningStorage
import EthereumKit
import GRDB
import Storage

// The owner index: which contracts the chain's logs named each owner an owner of, and how far it has read.
extension SQLiteCoSigningStorage {
    public func indexOwners(_ nominations: [OwnerNomination], through block: BigUInt, chainID: BigUInt) async throws(StorageError) {
        let chain = String(chainID), through = String(block)
        try await write { db in
            for n in nominations {
                try db.execute(sql: "INSERT OR IGNORE INTO ownerNomination (chainId, owner, safe) VALUES (?, ?, ?)",
                               arguments: [chain, n.owner.checksummed, n.safe.checksummed])
            }
            try db.execute(sql: "INSERT INTO ownerIndexState (chainId, block) VALUES (?, ?) ON CONFLICT (chainId) DO UPDATE SET block = excluded.block",
                           arguments: [chain, through])
        }
    }

    public func ownerIndexBlock(chainID: BigUInt) async throws(StorageError) -> BigUInt? {
        try await block("SELECT block FROM ownerIndexState WHERE chainId = ?", chainID: chainID, what: "the owner index's block")
    }

    public func nominatedSafes(owner: Address, chainID: BigUInt) async throws(StorageError) -> [Address] {
        let chain = String(chainID), who = owner.checksummed
        let rows = try await read { db in
            try String.fetchAll(db, sql: "SELECT safe FROM ownerNomination WHERE chainId = ? AND owner = ? ORDER BY safe", arguments: [chain, who])
        }
        return try rows.map { text throws(StorageError) in
            guard let address = try? Address(text) else { throw StorageError("a nominated Safe \(text) does not read back") }
            return address
        }
    }

    /// v10: the owner index's nominations and its block.
    static func createOwnerIndex(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE ownerNomination (
                chainId TEXT NOT NULL, owner TEXT NOT NULL, safe TEXT NOT NULL,
                PRIMARY KEY (chainId, owner, safe)
            ) WITHOUT ROWID
            """)
        try db.execute(sql: "CREATE TABLE ownerIndexState (chainId TEXT PRIMARY KEY NOT NULL, block TEXT NOT NULL)")
    }
}
