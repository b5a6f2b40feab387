@testable import CoSigningPostgres
import CoSigningTestSupport
import Logging
import PostgresNIO
import Testing

extension CoSigningBackend {
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
}
