import BigInt
import CoSigningStorage
import EthereumKit
import PostgresNIO
import Storage

// The owner index: which contracts the chain's logs named each owner an owner of, and how far it has read.
extension PostgresCoSigningStorage {
    public func indexOwners(_ nominations: [OwnerNomination], through block: BigUInt, chainID: BigUInt) async throws(StorageError) {
        let chain = String(chainID), through = String(block), logger = logger
        let owners = nominations.map(\.owner.checksummed), safes = nominations.map(\.safe.checksummed)
        try await write("index owners") { connection in
            if !nominations.isEmpty {
                _ = try await connection.query("""
                    INSERT INTO owner_nomination (chain_id, owner, safe)
                    SELECT \(chain)::numeric, owner, safe FROM UNNEST(\(owners)::text[], \(safes)::text[]) AS n(owner, safe)
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            _ = try await connection.query("""
                INSERT INTO owner_index_state (chain_id, block) VALUES (\(chain)::numeric, \(through)::numeric)
                ON CONFLICT (chain_id) DO UPDATE SET block = EXCLUDED.block
                """, logger: logger)
        }
    }

    public func ownerIndexBlock(chainID: BigUInt) async throws(StorageError) -> BigUInt? {
        let chain = String(chainID)
        return try await block("SELECT block::text FROM owner_index_state WHERE chain_id = \(chain)::numeric", what: "the owner index's block")
    }

    public func nominatedSafes(owner: Address, chainID: BigUInt) async throws(StorageError) -> [Address] {
        let chain = String(chainID), who = owner.checksummed, logger = logger
        let rows = try await read("list an owner's nominated Safes") { connection in
            var safes: [String] = []
            let rows = try await connection.query(
                "SELECT safe FROM owner_nomination WHERE chain_id = \(chain)::numeric AND owner = \(who) ORDER BY safe COLLATE \"C\"", logger: logger)
            for try await safe in rows.decode(String.self) { safes.append(safe) }
            return safes
        }
        return try rows.map { text throws(StorageError) in
            guard let address = try? Address(text) else { throw StorageError("a nominated Safe \(text) does not read back") }
            return address
        }
    }
}
