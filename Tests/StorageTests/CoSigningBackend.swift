@testable import CoSigningPostgres
@testable import CoSigningSQLite
import CoSigningStorage
import Foundation
import Logging
import PostgresNIO
import Storage
import Testing

/// The co-signing storage backends the shared suite runs against: SQLite always; PostgreSQL when
/// a test server is given (scripts/test starts one).
enum CoSigningBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The server the PostgreSQL cases use, as `postgres://…`.
    static var postgresURL: String? { ProcessInfo.processInfo.environment["BIFROST_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }

    /// Whether a run without a PostgreSQL server must fail rather than skip it (scripts/test sets it).
    static var postgresRequired: Bool { ProcessInfo.processInfo.environment["BIFROST_REQUIRE_POSTGRES"] == "1" }

    /// The backends this run can reach; PostgreSQL is listed when required even without a server,
    /// so its cases fail loudly instead of vanishing.
    static var available: [CoSigningBackend] { postgresURL != nil || postgresRequired ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// A fresh, empty storage of this backend.
    func makeStorage() async throws -> any CoSigningStorage {
        switch self {
        case .sqlite: try SQLiteCoSigningStorage()
        case .postgres: try await Self.openPostgres(schema: Self.freshSchema())
        }
    }

    /// A schema name no other test uses, so each storage starts empty on the shared server.
    static func freshSchema() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// A connection to a fresh schema on the test server, migrated up to `version` only, to write
    /// rows as an older release did; the schema's name opens it with today's code after.
    static func postgresSchema(migratedTo version: Int) async throws -> (connection: PostgresConnection, schema: String, logger: Logger) {
        let url = try #require(postgresURL, "BIFROST_REQUIRE_POSTGRES=1 needs BIFROST_TEST_POSTGRES")
        let schema = freshSchema(), logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresURL(parsing: url).connectionConfiguration(startup: [("search_path", schema)]), id: 1, logger: logger)
        try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \"\(schema)\""), logger: logger)
        try await PostgresMigrations.migrate(connection, upTo: version, logger: logger)
        return (connection, schema, logger)
    }

    /// A PostgreSQL storage on the test server, its tables in `schema`.
    static func openPostgres(schema: String) async throws -> PostgresCoSigningStorage {
        guard let url = postgresURL else {
            throw StorageError("BIFROST_REQUIRE_POSTGRES=1 but BIFROST_TEST_POSTGRES holds no postgres:// URL: start one with scripts/postgres start")
        }
        return try await PostgresCoSigningStorage.open(url: url, schema: schema)
    }
}
