import BigInt
import EthereumKit
import GRDB

/// Reads and writes known tokens per chain.
public struct TokenStorage: Sendable {
    let database: AppDatabase

    /// Token storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Adds or updates a token.
    public func save(_ token: Token) async throws(StorageError) {
        let record = TokenRecord(token)
        try await database.write { db in try record.save(db) }
    }

    /// The token at `address` on `chainID`, if known.
    public func token(chainID: BigUInt, address: Address) async throws(StorageError) -> Token? {
        let id = String(chainID)
        let a = address.checksummed
        return try await database.read { db in
            try TokenRecord.filter(TokenRecord.Columns.chainId == id && TokenRecord.Columns.address == a).fetchOne(db)?.entity()
        }
    }

    /// Every token on `chainID`, by symbol.
    public func tokens(chainID: BigUInt) async throws(StorageError) -> [Token] {
        let id = String(chainID)
        return try await database.read { db in
            try TokenRecord.filter(TokenRecord.Columns.chainId == id).order(TokenRecord.Columns.symbol).fetchAll(db).map { try $0.entity() }
        }
    }
}
