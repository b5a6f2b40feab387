import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import SafeKit
import Storage

/// Reading served transactions back. The hash was computed from the fields and each signature
/// recovered when the row was written, so reading recomputes neither: a field that does not
/// parse is still an error, never a row silently left out.
enum PostgresTransactionRows {
    /// The columns `decode` reads, with the numbers as decimal text.
    static let columns = """
        safe_tx_hash, chain_id::text AS chain_id, safe, safe_version, to_address, value::text AS value, data, operation,
        safe_tx_gas::text AS safe_tx_gas, base_gas::text AS base_gas, gas_price::text AS gas_price, gas_token, refund_receiver,
        nonce::text AS nonce, status, summary, proposer, origin, created_at, updated_at, execution_hash
        """

    /// The stored transactions with these hashes, in the order given; missing ones are left out.
    static func fetch(_ hashes: [String], _ connection: PostgresConnection, logger: Logger) async throws -> [SafeTransactionEntry] {
        guard !hashes.isEmpty else { return [] }
        let rows = try await connection.query(
            "SELECT \(unescaped: columns) FROM safe_transaction WHERE safe_tx_hash = ANY(\(hashes))", logger: logger).collect()
        let signatures = try await signatures(hashes, connection, logger: logger)
        var byHash: [String: SafeTransactionEntry] = [:]
        for row in rows {
            let r = row.makeRandomAccess()
            let hash = try r["safe_tx_hash"].decode(String.self)
            byHash[hash] = try decode(r, hash: hash, signatures: signatures[hash] ?? [])
        }
        return hashes.compactMap { byHash[$0] }
    }

    /// The transaction a write has just inserted with `signatures`, exactly as `fetch` would read it back.
    static func inserted(_ tx: SafeTx, hash: [UInt8], proposer: Address, origin: String?, signatures: [SafeSignature],
                         at: Double) throws -> SafeTransactionEntry {
        var stored = tx
        stored.chainID = tx.chainID ?? 0
        let time = Date(timeIntervalSince1970: at)
        return SafeTransactionEntry(transaction: stored, safeTxHash: hash,
                                    storedSignatures: try signatures.map { StoredSignature(try SafeSignature(owner: $0.owner, stored: $0.bytes), addedAt: time) },
                                    status: .queued, executionHash: nil, summary: SafeSummary.describe(tx), proposer: proposer, origin: origin, createdAt: time, updatedAt: time)
    }

    /// Which signatures table: a transaction's or a message's.
    enum SignedThing {
        case transaction, message
        var table: String { self == .transaction ? "safe_signature" : "safe_message_signature" }
        var key: String { self == .transaction ? "safe_tx_hash" : "message_hash" }
    }

    /// The stored signatures of each of `hashes`, oldest first; the owner is the one stored
    /// with each signature, recovered when it was written.
    static func signatures(_ hashes: [String], in thing: SignedThing = .transaction, _ connection: PostgresConnection,
                           logger: Logger) async throws -> [String: [StoredSignature]] {
        var signatures: [String: [StoredSignature]] = [:]
        let rows = try await connection.query("""
            SELECT \(unescaped: thing.key), owner, signature, added_at FROM \(unescaped: thing.table) WHERE \(unescaped: thing.key) = ANY(\(hashes))
            ORDER BY added_at, seq
            """, logger: logger)
        for try await (hash, owner, signature, addedAt) in rows.decode((String, String, String, Double).self) {
            signatures[hash, default: []].append(StoredSignature(try Self.signature(owner: owner, hex: signature, of: hash),
                                                                 addedAt: Date(timeIntervalSince1970: addedAt)))
        }
        return signatures
    }

    /// A stored signature with the owner stored beside it, recovered when it was written.
    static func signature(owner: String, hex: String, of hash: String) throws -> SafeSignature {
        guard let bytes = try? Hex.decode(hex), let owner = try? Address(owner) else { throw StorageError("\(hash): a signature does not read") }
        return try SafeSignature(owner: owner, stored: bytes)
    }

    private static func decode(_ r: PostgresRandomAccessRow, hash: String,
                               signatures: [StoredSignature]) throws -> SafeTransactionEntry {
        func text(_ column: String) throws -> String { try r[column].decode(String.self) }
        func number(_ column: String) throws -> BigUInt {
            guard let n = BigUInt(try text(column), radix: 10) else { throw StorageError("\(hash): \(column) is not a number") }
            return n
        }
        func address(_ column: String) throws -> Address {
            do { return try Address(try text(column)) } catch { throw StorageError("\(hash): \(column) is not an address") }
        }
        guard let version = SafeVersion(rawValue: try text("safe_version")),
              let operation = SafeOperation(rawValue: UInt8(clamping: try r["operation"].decode(Int.self))),
              let data = try? Hex.decode(try text("data")), let status = SafeTransactionStatus(rawValue: try text("status"))
        else { throw StorageError("\(hash) does not read back") }
        let tx = SafeTx(safe: try address("safe"), chainID: try number("chain_id"), version: version, to: try address("to_address"),
                        value: try number("value"), data: data, operation: operation, safeTxGas: try number("safe_tx_gas"),
                        baseGas: try number("base_gas"), gasPrice: try number("gas_price"), gasToken: try address("gas_token"),
                        refundReceiver: try address("refund_receiver"), nonce: try number("nonce"))
        guard let safeTxHash = try? Hex.decode(hash) else { throw StorageError("\(hash) is not a hash") }
        return SafeTransactionEntry(transaction: tx, safeTxHash: safeTxHash, storedSignatures: signatures, status: status,
                                    executionHash: try r["execution_hash"].decode(String?.self).flatMap { try? Hex.decode($0) },
                                    summary: try text("summary"), proposer: try address("proposer"), origin: try r["origin"].decode(String?.self),
                                    createdAt: Date(timeIntervalSince1970: try r["created_at"].decode(Double.self)),
                                    updatedAt: Date(timeIntervalSince1970: try r["updated_at"].decode(Double.self)))
    }
}
