import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import PostgresNIO
import Storage

// Execution marks, served Safes, delegates and the follower's block, on the same server.
extension PostgresCoSigningStorage {
    public func markExecuted(_ safeTxHash: [UInt8], transactionHash: [UInt8], block: BigUInt?, successful: Bool,
                             at time: Date) async throws(StorageError) -> Bool {
        let hash = Hex.encode(safeTxHash), executed = Hex.encode(transactionHash), at = time.timeIntervalSince1970, logger = logger
        let status: SafeTransactionStatus = successful ? .executed : .failed
        return try await write("mark \(hash) executed") { connection in
            let rows = try await connection.query("""
                UPDATE safe_transaction SET execution_hash = \(executed), status = \(status.rawValue), updated_at = \(at)
                WHERE safe_tx_hash = \(hash) AND execution_hash IS NULL RETURNING chain_id::text, safe
                """, logger: logger).collect()
            guard let row = rows.first else { return false }
            let (chain, safe) = try row.decode((String, String).self)
            try await Self.insert([ServedEvent(.executedMultisigTransaction, chainID: BigUInt(chain, radix: 10) ?? 0, safe: try Address(safe),
                                               hash: safeTxHash, transactionHash: transactionHash, failed: !successful, block: block, at: time)],
                                  connection, logger: logger)
            return true
        }
    }

    public func markReplaced(chainID: BigUInt, safe: Address, below nonce: BigUInt, at time: Date) async throws(StorageError) -> Int {
        let chain = String(chainID), address = safe.checksummed, bound = String(nonce), at = time.timeIntervalSince1970, logger = logger
        return try await write("mark replaced") { connection in
            try await connection.query("""
                UPDATE safe_transaction SET status = \(SafeTransactionStatus.replaced.rawValue), updated_at = \(at)
                WHERE chain_id = \(chain)::numeric AND safe = \(address) AND status = \(SafeTransactionStatus.queued.rawValue)
                    AND nonce < \(bound)::numeric
                RETURNING 1
                """, logger: logger).collect().count
        }
    }

    public func remember(_ safe: ServedSafe) async throws(StorageError) {
        let chain = String(safe.chainID), address = safe.address.checksummed, logger = logger
        try await write("remember \(address)") { connection in
            // The upsert locks the Safe's row, so two readers of the chain replace its owners in turn.
            try await connection.query("""
                INSERT INTO served_safe (chain_id, address, threshold, nonce, version, read_at)
                VALUES (\(chain)::numeric, \(address), \(safe.threshold), \(String(safe.nonce))::numeric, \(safe.version), \(safe.readAt.timeIntervalSince1970))
                ON CONFLICT (chain_id, address) DO UPDATE SET threshold = EXCLUDED.threshold, nonce = EXCLUDED.nonce,
                    version = EXCLUDED.version, read_at = EXCLUDED.read_at
                """, logger: logger)
            try await connection.query("DELETE FROM served_safe_owner WHERE chain_id = \(chain)::numeric AND safe = \(address)", logger: logger)
            for (position, owner) in safe.owners.enumerated() {
                try await connection.query("""
                    INSERT INTO served_safe_owner (chain_id, safe, owner, position) VALUES (\(chain)::numeric, \(address), \(owner.checksummed), \(position))
                    """, logger: logger)
            }
        }
    }

    public func servedSafes(chainID: BigUInt) async throws(StorageError) -> [ServedSafe] {
        let chain = String(chainID), logger = logger
        return try await read("list served Safes") { connection in
            try await Self.servedSafes(chain, "SELECT address FROM served_safe WHERE chain_id = \(chain)::numeric", connection, logger: logger)
        }
    }

    public func safes(ownedBy owner: Address, chainID: BigUInt) async throws(StorageError) -> [ServedSafe] {
        let chain = String(chainID), who = owner.checksummed, logger = logger
        return try await read("list an owner's Safes") { connection in
            try await Self.servedSafes(chain, "SELECT safe FROM served_safe_owner WHERE chain_id = \(chain)::numeric AND owner = \(who)",
                                       connection, logger: logger)
        }
    }

    public func saveDelegate(_ d: ServedDelegate) async throws(StorageError) {
        let logger = logger
        try await write("save a delegate") { connection in
            _ = try await connection.query("""
                INSERT INTO served_delegate (chain_id, safe, delegate, delegator, label, expiry)
                VALUES (\(String(d.chainID))::numeric, \(d.safe?.checksummed ?? ""), \(d.delegate.checksummed), \(d.delegator.checksummed),
                    \(d.label), \(d.expiry?.timeIntervalSince1970))
                ON CONFLICT (chain_id, safe, delegate, delegator) DO UPDATE SET label = EXCLUDED.label, expiry = EXCLUDED.expiry
                """, logger: logger)
        }
    }

    public func delegates(_ q: DelegateQuery) async throws(StorageError) -> (count: Int, page: [ServedDelegate]) {
        let (safe, delegate, delegator) = (q.safe?.checksummed, q.delegate?.checksummed, q.delegator?.checksummed)
        let label = q.label, limit = max(q.limit, 0), offset = max(q.offset, 0), logger = logger
        let query: PostgresQuery = """
            WITH matching AS (
                SELECT * FROM served_delegate WHERE chain_id = \(String(q.chainID))::numeric
                    AND (\(safe)::text IS NULL OR safe = \(safe)::text) AND (\(delegate)::text IS NULL OR delegate = \(delegate)::text)
                    AND (\(delegator)::text IS NULL OR delegator = \(delegator)::text) AND (\(label)::text IS NULL OR label = \(label)::text))
            SELECT (SELECT count(*) FROM matching), page.chain_id::text, page.safe, page.delegate, page.delegator, page.label, page.expiry
            FROM (SELECT 1) AS always LEFT JOIN LATERAL (SELECT * FROM matching ORDER BY id LIMIT \(limit) OFFSET \(offset)) AS page ON TRUE
            ORDER BY page.id
            """
        return try await read("list delegates") { connection in
            var total = 0, page: [ServedDelegate] = []
            let rows = try await connection.query(query, logger: logger)
            for try await (count, chain, safe, delegate, delegator, label, expiry)
                in rows.decode((Int, String?, String?, String?, String?, String?, Double?).self) {
                total = count
                guard let chain, let safe, let delegate, let delegator, let label else { continue }
                page.append(try Self.delegate(chain, safe, delegate, delegator, label, expiry))
            }
            return (total, page)
        }
    }

    public func removeDelegate(chainID: BigUInt, delegate: Address, delegator: Address, safe: Address?) async throws(StorageError) -> Int {
        let chain = String(chainID), (who, by) = (delegate.checksummed, delegator.checksummed), only = safe?.checksummed, logger = logger
        return try await write("remove a delegate") { connection in
            try await connection.query("""
                DELETE FROM served_delegate WHERE chain_id = \(chain)::numeric AND delegate = \(who) AND delegator = \(by)
                    AND (\(only)::text IS NULL OR safe = \(only)::text)
                RETURNING 1
                """, logger: logger).collect().count
        }
    }

    public func followedBlock(chainID: BigUInt) async throws(StorageError) -> BigUInt? {
        let chain = String(chainID)
        return try await block("SELECT block::text FROM follow_state WHERE chain_id = \(chain)::numeric", what: "the followed block")
    }

    /// The block number `query` reads, as text; nil when there is none.
    func block(_ query: PostgresQuery, what: String) async throws(StorageError) -> BigUInt? {
        let logger = logger
        let text = try await read("read \(what)") { connection -> String? in
            var block: String?
            for try await value in try await connection.query(query, logger: logger).decode(String.self) { block = value }
            return block
        }
        guard let text else { return nil }
        guard let block = BigUInt(text, radix: 10) else { throw StorageError("\(what) \(text) is not a number") }
        return block
    }

    public func setFollowedBlock(_ block: BigUInt, chainID: BigUInt) async throws(StorageError) {
        let chain = String(chainID), value = String(block), logger = logger
        try await write("record the followed block") { connection in
            _ = try await connection.query("""
                INSERT INTO follow_state (chain_id, block) VALUES (\(chain)::numeric, \(value)::numeric)
                ON CONFLICT (chain_id) DO UPDATE SET block = EXCLUDED.block
                """, logger: logger)
        }
    }

    /// The served Safes whose addresses `addresses` selects, by address, with their owners in order.
    private static func servedSafes(_ chain: String, _ addresses: PostgresQuery, _ connection: PostgresConnection,
                                    logger: Logger) async throws -> [ServedSafe] {
        var selected: [String] = []
        for try await address in try await connection.query(addresses, logger: logger).decode(String.self) { selected.append(address) }
        var owners: [String: [Address]] = [:]
        let ownerRows = try await connection.query("""
            SELECT safe, owner FROM served_safe_owner WHERE chain_id = \(chain)::numeric AND safe = ANY(\(selected)) ORDER BY safe, position
            """, logger: logger)
        for try await (safe, owner) in ownerRows.decode((String, String).self) {
            guard let address = try? Address(owner) else { throw StorageError("the served Safe \(safe) has an owner that is not an address") }
            owners[safe, default: []].append(address)
        }
        let rows = try await connection.query("""
            SELECT chain_id::text, address, threshold, nonce::text, version, read_at FROM served_safe
            WHERE chain_id = \(chain)::numeric AND address = ANY(\(selected)) ORDER BY address
            """, logger: logger)
        var safes: [ServedSafe] = []
        for try await (chainText, address, threshold, nonceText, version, readAt) in rows.decode((String, String, Int, String, String, Double).self) {
            guard let chainID = BigUInt(chainText, radix: 10), let nonce = BigUInt(nonceText, radix: 10), let safe = try? Address(address) else {
                throw StorageError("the served Safe \(address) does not read back")
            }
            safes.append(ServedSafe(chainID: chainID, address: safe, owners: owners[address] ?? [], threshold: threshold, nonce: nonce,
                                    version: version, readAt: Date(timeIntervalSince1970: readAt)))
        }
        return safes
    }

    private static func delegate(_ chain: String, _ safe: String, _ delegate: String, _ delegator: String, _ label: String,
                                 _ expiry: Double?) throws -> ServedDelegate {
        let safeAddress: Address? = safe.isEmpty ? nil : try? Address(safe)
        guard let chainID = BigUInt(chain, radix: 10), let delegateAddress = try? Address(delegate), let delegatorAddress = try? Address(delegator),
              safe.isEmpty || safeAddress != nil else {
            throw StorageError("a delegate does not read back")
        }
        return ServedDelegate(chainID: chainID, safe: safeAddress, delegate: delegateAddress, delegator: delegatorAddress, label: label,
                              expiry: expiry.map(Date.init(timeIntervalSince1970:)))
    }
}
