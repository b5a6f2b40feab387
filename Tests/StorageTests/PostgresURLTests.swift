@testable import CoSigningPostgres
import Storage
import Testing

/// The one URL shape `bifrost serve --database` takes for PostgreSQL, and nothing else.
@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("user, password, host, port, database and sslmode are read; percent escapes decoded; defaults filled in")
    func parses() throws {
        let full = try PostgresURL(parsing: "postgres://bifrost:s%40cret@db.example.org:6543/co%2Dsign?sslmode=disable")
        #expect(full.user == "bifrost" && full.password == "s@cret" && full.host == "db.example.org" && full.port == 6543)
        #expect(full.database == "co-sign" && full.tls == .disable)
        let local = try PostgresURL(parsing: "postgresql://bifrost@127.0.0.1/bifrost")
        #expect(local.password == nil && local.port == 5432 && local.tls == .disable, "loopback needs no TLS")
        #expect(try PostgresURL(parsing: "postgres://u@db.example.org/d").tls == .require, "any other host gets TLS by default")
        let v6 = try PostgresURL(parsing: "postgres://u:p@[::1]:7000/d?sslmode=require")
        #expect(v6.host == "::1" && v6.port == 7000 && v6.tls == .require)
    }

    @Test("anything else is refused with the expected shape, and the password is never repeated",
          arguments: ["mysql://u:hunter2@h/d", "postgres://hunter2@h", "postgres://:hunter2@h/d", "postgres://u:hunter2@/d",
                      "postgres://u:hunter2@h:99999/d", "postgres://u:hunter2@h:port/d", "postgres://u:hunter2@h/d?sslmode=allow",
                      "postgres://u:hunter2@h/d?application_name=x", "postgres://u:hunter2@h/", "postgres://u:hunter2@h/a/b",
                      "postgres://u:hunter2@h h/d", "postgres://u:hunter2%zz@h/d", "sqlite:/tmp/x"])
    func refuses(_ text: String) {
        let error = #expect(throws: StorageError.self) { try PostgresURL(parsing: text) }
        #expect(error?.reason.contains(PostgresURL.format) == true)
        #expect(error?.reason.contains("hunter2") == false)
    }

    @Test("the printed URL leaves the password out")
    func redacted() throws {
        let url = try PostgresURL(parsing: "postgres://bifrost:hunter2@127.0.0.1:5433/bifrost")
        #expect(url.description == "postgres://bifrost@127.0.0.1:5433/bifrost?sslmode=disable")
    }
}
