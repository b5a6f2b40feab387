import Foundation
import Storage
import Testing

/// The co-signing storage backends the shared suite runs against: SQLite always; PostgreSQL when
/// a test server is given (scripts/test starts one).
enum CoSigningBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite

    /// The backends this run can reach.
    static var available: [CoSigningBackend] { allCases }

    var testDescription: String { rawValue }

    /// A fresh, empty storage of this backend.
    func makeStorage() async throws -> any CoSigningStorage {
        switch self {
        case .sqlite: try SQLiteCoSigningStorage()
        }
    }
}
