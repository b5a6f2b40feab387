import CoSigningStorage
import Logging
import PostgresNIO
import Storage

/// The co-signing tables, versioned in `bifrost_migration` and brought up to date at open.
enum PostgresMigrations {
    /// Held for the whole migration, so servers starting at once migrate one after the other; the
    /// key is arbitrary but fixed ("bifrost" in ASCII).
    static let lockKey = 0x62_69_66_72_6f_73_74

    static let steps: [(version: Int, name: String, statements: [PostgresQuery])] = [
        (1, "served transactions and confirmations, replaced marks, served Safes and their owners, delegates, the follower's block", [
            // Amounts and nonces are uint256: NUMERIC(78) holds every one and compares them as numbers.
            // Addresses and hashes are text in "C" collation, so they sort by their bytes as in SQLite.
            """
            CREATE TABLE served_transaction (
                safe_tx_hash TEXT COLLATE "C" PRIMARY KEY,
                seq BIGINT GENERATED ALWAYS AS IDENTITY,
                chain_id NUMERIC(78) NOT NULL,
                safe TEXT COLLATE "C" NOT NULL,
                safe_version TEXT NOT NULL,
                to_address TEXT NOT NULL,
                value NUMERIC(78) NOT NULL,
                data TEXT NOT NULL,
                operation INTEGER NOT NULL,
                safe_tx_gas NUMERIC(78) NOT NULL,
                base_gas NUMERIC(78) NOT NULL,
                gas_price NUMERIC(78) NOT NULL,
                gas_token TEXT NOT NULL,
                refund_receiver TEXT NOT NULL,
                nonce NUMERIC(78) NOT NULL,
                proposer TEXT NOT NULL,
                origin TEXT,
                created_at DOUBLE PRECISION NOT NULL,
                modified_at DOUBLE PRECISION NOT NULL,
                execution_hash TEXT,
                is_successful BOOLEAN,
                is_replaced BOOLEAN NOT NULL DEFAULT FALSE
            )
            """,
            "CREATE INDEX served_transaction_by_safe ON served_transaction (chain_id, safe, nonce)",
            """
            CREATE TABLE served_confirmation (
                safe_tx_hash TEXT COLLATE "C" NOT NULL REFERENCES served_transaction ON DELETE CASCADE,
                owner TEXT COLLATE "C" NOT NULL,
                seq BIGINT GENERATED ALWAYS AS IDENTITY,
                signature TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (safe_tx_hash, owner)
            )
            """,
            """
            CREATE TABLE served_safe (
                chain_id NUMERIC(78) NOT NULL,
                address TEXT COLLATE "C" NOT NULL,
                threshold INTEGER NOT NULL,
                nonce NUMERIC(78) NOT NULL,
                version TEXT NOT NULL,
                read_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (chain_id, address)
            )
            """,
            """
            CREATE TABLE served_safe_owner (
                chain_id NUMERIC(78) NOT NULL,
                safe TEXT COLLATE "C" NOT NULL,
                owner TEXT COLLATE "C" NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (chain_id, safe, owner),
                FOREIGN KEY (chain_id, safe) REFERENCES served_safe ON DELETE CASCADE
            )
            """,
            "CREATE INDEX served_safe_owner_by_owner ON served_safe_owner (chain_id, owner)",
            // safe is '' for a delegate of every Safe the delegator owns, so the unique key holds.
            """
            CREATE TABLE served_delegate (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                chain_id NUMERIC(78) NOT NULL,
                safe TEXT COLLATE "C" NOT NULL,
                delegate TEXT COLLATE "C" NOT NULL,
                delegator TEXT COLLATE "C" NOT NULL,
                label TEXT NOT NULL,
                expiry DOUBLE PRECISION,
                UNIQUE (chain_id, safe, delegate, delegator)
            )
            """,
            """
            CREATE TABLE follow_state (
                chain_id NUMERIC(78) PRIMARY KEY,
                block NUMERIC(78) NOT NULL
            )
            """,
        ]),
        (2, "the wallet's column set: one status for the success and replaced flags, a summary, safe_transaction and safe_signature", [
            "ALTER TABLE served_transaction ADD COLUMN status TEXT NOT NULL DEFAULT 'queued', ADD COLUMN summary TEXT NOT NULL DEFAULT ''",
            """
            UPDATE served_transaction SET status = CASE WHEN is_successful THEN 'executed' WHEN NOT is_successful THEN 'failed'
                WHEN is_replaced THEN 'replaced' ELSE 'queued' END
            """,
            "ALTER TABLE served_transaction DROP COLUMN is_successful, DROP COLUMN is_replaced",
            "ALTER TABLE served_transaction RENAME COLUMN modified_at TO updated_at",
            "ALTER TABLE served_transaction RENAME TO safe_transaction",
            "ALTER TABLE served_confirmation RENAME COLUMN created_at TO added_at",
            "ALTER TABLE served_confirmation RENAME TO safe_signature",
        ]),
        (3, "Safe messages and their signatures, in the wallet's column set", [
            """
            CREATE TABLE safe_message (
                message_hash TEXT COLLATE "C" PRIMARY KEY,
                seq BIGINT GENERATED ALWAYS AS IDENTITY,
                chain_id NUMERIC(78) NOT NULL,
                safe TEXT COLLATE "C" NOT NULL,
                safe_version TEXT NOT NULL,
                kind TEXT NOT NULL,
                message TEXT NOT NULL,
                proposer TEXT,
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                safe_app_id INTEGER,
                origin TEXT
            )
            """,
            "CREATE INDEX safe_message_by_safe ON safe_message (chain_id, safe, created_at)",
            """
            CREATE TABLE safe_message_signature (
                message_hash TEXT COLLATE "C" NOT NULL REFERENCES safe_message ON DELETE CASCADE,
                owner TEXT COLLATE "C" NOT NULL,
                seq BIGINT GENERATED ALWAYS AS IDENTITY,
                signature TEXT NOT NULL,
                added_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (message_hash, owner)
            )
            """,
        ]),
        (4, "events, the webhooks and their outbox, the hashes of the blocks read", [
            """
            CREATE TABLE served_event (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                kind TEXT NOT NULL,
                chain_id NUMERIC(78) NOT NULL,
                safe TEXT COLLATE "C" NOT NULL,
                hash TEXT,
                owner TEXT,
                transaction_hash TEXT,
                token TEXT,
                value NUMERIC(78),
                token_id NUMERIC(78),
                failed BOOLEAN,
                block BIGINT,
                dedup_key TEXT UNIQUE,
                created_at DOUBLE PRECISION NOT NULL
            )
            """,
            "CREATE INDEX served_event_by_block ON served_event (chain_id, block)",
            "CREATE TABLE served_webhook (url TEXT PRIMARY KEY)",
            "CREATE TABLE followed_hash (chain_id NUMERIC(78) NOT NULL, number BIGINT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (chain_id, number))",
            """
            CREATE TABLE served_outbox (
                event_id BIGINT NOT NULL REFERENCES served_event ON DELETE CASCADE,
                webhook TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (webhook, event_id)
            )
            """,
        ]),
        (5, "when a webhook began failing, and the dead letters of one that stayed dead", [
            "ALTER TABLE served_webhook ADD COLUMN failing_since DOUBLE PRECISION",
            """
            CREATE TABLE served_dead_letter (
                event_id BIGINT NOT NULL REFERENCES served_event ON DELETE CASCADE,
                webhook TEXT NOT NULL,
                attempts INTEGER NOT NULL,
                dead_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (webhook, event_id)
            )
            """,
        ]),
        (6, "the delegate that sent a delegator's proposal", [
            """
            CREATE TABLE served_proposing_delegate (
                safe_tx_hash TEXT PRIMARY KEY REFERENCES safe_transaction ON DELETE CASCADE,
                delegate TEXT NOT NULL
            )
            """,
        ]),
        (7, "until when a server holds a delivery it claimed from the outbox", [
            // Seconds since 1970, as every time here; NULL while no server holds it.
            "ALTER TABLE served_outbox ADD COLUMN leased_until DOUBLE PRECISION",
        ]),
        (8, "the owner index, which Safes the chain's logs named each owner an owner of", [
            """
            CREATE TABLE owner_nomination (
                chain_id NUMERIC(78) NOT NULL, owner TEXT NOT NULL, safe TEXT NOT NULL,
                PRIMARY KEY (chain_id, owner, safe)
            )
            """,
            "CREATE TABLE owner_index_state (chain_id NUMERIC(78) PRIMARY KEY, block NUMERIC(78) NOT NULL)",
        ]),
    ]

    /// Checks that the transaction and message tables hold the columns `SafeTransactionTables` and
    /// `SafeMessageTables` define for the SQLite databases, in snake case, and no others but the
    /// insertion counter: one definition, which this schema is written by hand against and held to
    /// on every open.
    static func checkSharedColumns(_ connection: PostgresConnection, logger: Logger) async throws {
        let tables = [("safe_transaction", SafeTransactionTables.transactionColumns), ("safe_signature", SafeTransactionTables.signatureColumns),
                      ("safe_message", SafeMessageTables.messageColumns), ("safe_message_signature", SafeMessageTables.signatureColumns)]
        for (table, wanted) in tables {
            let rows = try await connection.query("""
                SELECT column_name FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = \(table) ORDER BY ordinal_position
                """, logger: logger)
            var names: [String] = []
            for try await name in rows.decode(String.self) { names.append(name) }
            let expected = wanted.map(SafeTxColumns.snakeCase)
            guard Set(names.filter { $0 != "seq" }) == Set(expected), names.count == expected.count + 1 else {
                throw StorageError("\(table)'s columns (\(names.joined(separator: ", "))) are not \(expected.joined(separator: ", ")) and seq")
            }
        }
    }

    /// Applies the steps not yet recorded, up to `version` (a test stops early to write an older
    /// schema's rows), each with its record in one transaction.
    static func migrate(_ connection: PostgresConnection, upTo version: Int = .max, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            // Released at commit; a second server waits here, then finds the work done.
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS bifrost_migration (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query("SELECT version FROM bifrost_migration", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            for step in steps where !applied.contains(step.version) && step.version <= version {
                for statement in step.statements { try await connection.query(statement, logger: logger) }
                try await connection.query("INSERT INTO bifrost_migration (version, name) VALUES (\(step.version), \(step.name))", logger: logger)
            }
        }
    }
}
