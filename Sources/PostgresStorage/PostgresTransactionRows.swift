import BigInt
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
        nonce::text AS nonce, proposer, origin, created_at, modified_at, execution_hash, is_successful, is_replaced
        """

    /// The stored transactions with these hashes, in the order given; missing ones are left out.
    static func fetch(_ hashes: [String], _ connection: PostgresConnection, logger: Logger) async throws -> [ServedTransaction] {
        guard !hashes.isEmpty else { return [] }
        let rows = try await connection.query(
            "SELECT \(unescaped: columns) FROM served_transaction WHERE safe_tx_hash = ANY(\(hashes))", logger: logger).collect()
        let confirmations = try await confirmations(hashes, connection, logger: logger)
        var byHash: [String: ServedTransaction] = [:]
        for row in rows {
            let r = row.makeRandomAccess()
            let hash = try r["safe_tx_hash"].decode(String.self)
            byHash[hash] = try decode(r, hash: hash, confirmations: confirmations[hash] ?? [])
        }
        return hashes.compactMap { byHash[$0] }
    }

    /// The stored confirmations of each of `hashes`, oldest first; the owner is the one stored
    /// with each signature, recovered when it was written.
    static func confirmations(_ hashes: [String], _ connection: PostgresConnection, logger: Logger) async throws -> [String: [ServedConfirmation]] {
        var confirmations: [String: [ServedConfirmation]] = [:]
        let rows = try await connection.query("""
            SELECT safe_tx_hash, owner, signature, created_at FROM served_confirmation WHERE safe_tx_hash = ANY(\(hashes))
            ORDER BY created_at, seq
            """, logger: logger)
        for try await (hash, owner, signature, createdAt) in rows.decode((String, String, String, Double).self) {
            guard let bytes = try? Hex.decode(signature), let owner = try? Address(owner) else { throw StorageError("\(hash): a signature does not read") }
            confirmations[hash, default: []].append(
                ServedConfirmation(signature: try SafeSignature(owner: owner, stored: bytes), createdAt: Date(timeIntervalSince1970: createdAt)))
        }
        return confirmations
    }

    private static func decode(_ r: PostgresRandomAccessRow, hash: String,
                               confirmations: [ServedConfirmation]) throws -> ServedTransaction {
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
              let data = try? Hex.decode(try text("data")) else { throw StorageError("\(hash) does not read back") }
        let tx = SafeTx(safe: try address("safe"), chainID: try number("chain_id"), version: version, to: try address("to_address"),
                        value: try number("value"), data: data, operation: operation, safeTxGas: try number("safe_tx_gas"),
                        baseGas: try number("base_gas"), gasPrice: try number("gas_price"), gasToken: try address("gas_token"),
                        refundReceiver: try address("refund_receiver"), nonce: try number("nonce"))
        guard let safeTxHash = try? Hex.decode(hash) else { throw StorageError("\(hash) is not a hash") }
        return ServedTransaction(transaction: tx, safeTxHash: safeTxHash, proposer: try address("proposer"),
                                 origin: try r["origin"].decode(String?.self), confirmations: confirmations,
                                 createdAt: Date(timeIntervalSince1970: try r["created_at"].decode(Double.self)),
                                 modifiedAt: Date(timeIntervalSince1970: try r["modified_at"].decode(Double.self)),
                                 executionHash: try r["execution_hash"].decode(String?.self).flatMap { try? Hex.decode($0) },
                                 isSuccessful: try r["is_successful"].decode(Bool?.self), isReplaced: try r["is_replaced"].decode(Bool.self))
    }
}
