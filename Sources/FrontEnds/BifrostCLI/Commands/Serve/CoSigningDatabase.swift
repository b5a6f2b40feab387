import CoSigningPostgres
import CoSigningSQLite
import CoSigningStorage

/// Where `bifrost serve` keeps its transactions: a SQLite file for one server, or a PostgreSQL
/// database that several servers share. The one place that knows both implementations of the
/// co-signing storage: the serve command, the composition root, picks one at start-up.
enum CoSigningDatabase: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// Why a database text was refused; the text itself is never repeated, as it may hold a password.
    enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case unknownKind
        case emptyPath
        case invalidPostgresURL(reason: String)

        var description: String {
            switch self {
            case .unknownKind: "a co-signing database is sqlite:PATH or \(PostgresURL.format)"
            case .emptyPath: "sqlite: needs a file path, as in sqlite:/var/lib/bifrost/serve.sqlite"
            case .invalidPostgresURL(let reason): reason
            }
        }
    }

    /// Reads `sqlite:PATH`, `postgres://…` or `postgresql://…`; a PostgreSQL URL is checked whole here,
    /// so a typo fails before anything is opened.
    init(parsing text: String) throws(ParseError) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw .emptyPath }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            do { _ = try PostgresURL(parsing: text) } catch { throw .invalidPostgresURL(reason: error.reason) }
            self = .postgres(url: text)
        } else {
            throw .unknownKind
        }
    }

    /// The database without its password, for logs and messages.
    var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): (try? PostgresURL(parsing: url))?.description ?? "postgres://(unreadable URL)"
        }
    }

    /// Opens the database, creating its tables when they are missing.
    func open() async throws -> any CoSigningStorage {
        switch self {
        case .sqlite(let path): try SQLiteCoSigningStorage(path: path)
        case .postgres(let url): try await PostgresCoSigningStorage.open(url: url)
        }
    }
}
