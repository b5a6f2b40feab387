import CoSigningPostgres
import CoSigningSQLite
import CoSigningStorage
import Foundation
import Storage

/// The co-signing storage backends a shared suite runs against: SQLite always; PostgreSQL when a
/// test server is given (scripts/test starts one). The storage tests and the server's route tests
/// both run on each.
public enum CoSigningBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The server the PostgreSQL cases use, as `postgres://…`.
    public static var postgresURL: String? { ProcessInfo.processInfo.environment["BIFROST_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }

    /// Whether a run without a PostgreSQL server must fail rather than skip it (scripts/test sets it).
    public static var postgresRequired: Bool { ProcessInfo.processInfo.environment["BIFROST_REQUIRE_POSTGRES"] == "1" }

    /// The backends this run can reach; PostgreSQL is listed when required even without a server,
    /// so its cases fail loudly instead of vanishing.
    public static var available: [CoSigningBackend] { postgresURL != nil || postgresRequired ? allCases : [.sqlite] }

    public var description: String { rawValue }

    /// A fresh, empty storage of this backend.
    public func makeStorage() async throws -> any CoSigningStorage {
        switch self {
        case .sqlite: try SQLiteCoSigningStorage()
        case .postgres: try await Self.openPostgres(schema: Self.freshSchema())
        }
    }

    /// A schema name no other test uses, so each storage starts empty on the shared server.
    public static func freshSchema() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// A PostgreSQL storage on the test server, its tables in `schema`.
    public static func openPostgres(schema: String) async throws -> PostgresCoSigningStorage {
        guard let url = postgresURL else {
            throw StorageError("BIFROST_REQUIRE_POSTGRES=1 but BIFROST_TEST_POSTGRES holds no postgres:// URL: start one with scripts/postgres start")
        }
        return try await PostgresCoSigningStorage.open(url: url, schema: schema)
    }
}
