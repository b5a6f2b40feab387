import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import SafeKit
import Storage

/// Reading served Safe messages back; the hash and signatures were checked when written.
enum PostgresMessageRows {
    /// The stored messages with these hashes, in the order given; missing ones are left out.
    static func fetch(_ hashes: [String], _ connection: PostgresConnection, logger: Logger) async throws -> [SafeMessageEntry] {
        guard !hashes.isEmpty else { return [] }
        let rows = try await connection.query("""
            SELECT message_hash, chain_id::text, safe, safe_version, kind, message, proposer, created_at, updated_at, safe_app_id, origin
            FROM safe_message WHERE message_hash = ANY(\(hashes))
            """, logger: logger).collect()
        let signatures = try await PostgresTransactionRows.signatures(hashes, in: .message, connection, logger: logger)
        var byHash: [String: SafeMessageEntry] = [:]
        for row in rows {
            let (hash, chainID, safe, version, kind, message, proposer, created, updated, appID, origin) = try row.decode(
                (String, String, String, String, String, String, String?, Double, Double, Int?, String?).self)
            guard let messageHash = try? Hex.decode(hash), let chain = BigUInt(chainID, radix: 10), let safe = try? Address(safe),
                  let version = SafeVersion(rawValue: version), let kind = SafeMessageKind(rawValue: kind) else {
                throw StorageError("the Safe message \(hash) does not read back")
            }
            var proposerAddress: Address?
            if let proposer {
                guard let address = try? Address(proposer) else { throw StorageError("the Safe message \(hash) does not read back") }
                proposerAddress = address
            }
            byHash[hash] = SafeMessageEntry(messageHash: messageHash, chainID: chain, safe: safe, version: version, kind: kind, message: message,
                                            proposer: proposerAddress, safeAppID: appID, origin: origin, storedSignatures: signatures[hash] ?? [],
                                            createdAt: Date(timeIntervalSince1970: created), updatedAt: Date(timeIntervalSince1970: updated))
        }
        return hashes.compactMap { byHash[$0] }
    }
}
