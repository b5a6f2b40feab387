@testable import BifrostCLI
import Testing

/// `bifrost serve --database` takes a SQLite file or a PostgreSQL URL, and says which when it is neither.
@Suite("CoSigningDatabase parsing")
struct CoSigningDatabaseTests {
    @Test("sqlite:PATH is a file; postgres:// and postgresql:// URLs are kept whole")
    func parses() throws {
        #expect(try CoSigningDatabase(parsing: "sqlite:/var/lib/bifrost/serve.sqlite") == .sqlite(path: "/var/lib/bifrost/serve.sqlite"))
        #expect(try CoSigningDatabase(parsing: "sqlite:serve.sqlite") == .sqlite(path: "serve.sqlite"))
        let url = "postgres://bifrost:pw@127.0.0.1:5432/bifrost"
        #expect(try CoSigningDatabase(parsing: url) == .postgres(url: url))
        let long = "postgresql://bifrost@db.example.org/bifrost?sslmode=require"
        #expect(try CoSigningDatabase(parsing: long) == .postgres(url: long))
    }

    @Test("neither a sqlite: path nor a PostgreSQL URL is refused, naming both forms")
    func refusesOtherKinds() {
        for text in ["serve.sqlite", "mysql://u@h/d", "", "SQLITE:x"] {
            #expect(throws: CoSigningDatabase.ParseError.unknownKind) { try CoSigningDatabase(parsing: text) }
        }
        #expect(throws: CoSigningDatabase.ParseError.emptyPath) { try CoSigningDatabase(parsing: "sqlite:") }
        #expect(CoSigningDatabase.ParseError.unknownKind.description.contains("sqlite:PATH"))
    }

    @Test("a malformed PostgreSQL URL is refused before anything opens, without repeating its password")
    func refusesBadURL() {
        let error = #expect(throws: CoSigningDatabase.ParseError.self) {
            try CoSigningDatabase(parsing: "postgres://u:hunter2@db.example.org:0/d")
        }
        guard case .invalidPostgresURL(let reason) = error else {
            Issue.record("expected an invalid PostgreSQL URL, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("port") && !reason.contains("hunter2"))
    }

    @Test("printed, a PostgreSQL database hides its password")
    func description() throws {
        let database = try CoSigningDatabase(parsing: "postgres://bifrost:hunter2@127.0.0.1:5433/bifrost")
        #expect(database.description == "postgres://bifrost@127.0.0.1:5433/bifrost?sslmode=disable")
        #expect(CoSigningDatabase.sqlite(path: "/x.sqlite").description == "sqlite:/x.sqlite")
    }
}
