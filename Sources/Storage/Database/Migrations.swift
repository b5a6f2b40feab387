import GRDB

/// The schema, as an append-only list of migrations: never edit one that has shipped, add another.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1: accounts") { db in
            try db.create(table: "account") { t in
                t.column("name", .text).primaryKey()
                t.column("address", .text).notNull().indexed()
                t.column("kind", .text).notNull()
                t.column("derivationPath", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        return m
    }
}
