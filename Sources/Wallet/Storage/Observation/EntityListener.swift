import GRDB

/// What happened to an observed row.
public enum EntityChange<Entity: Sendable & Equatable>: Sendable, Equatable {
    /// The row exists, newly or with new values.
    case upsert(Entity)
    /// The row is gone (or never existed).
    case delete
}

/// Watches one row and reports each upsert or delete: the WooCommerce seed's EntityListener.
public struct EntityListener<Entity: Sendable & Equatable>: Sendable {
    private let database: AppDatabase
    private let fetch: @Sendable (Database) throws -> Entity?

    /// Observes the single entity `fetch` returns.
    init(database: AppDatabase, fetch: @escaping @Sendable (Database) throws -> Entity?) {
        self.database = database
        self.fetch = fetch
    }

    /// The current state first, then each change; repeats are skipped.
    public var changes: AsyncThrowingMapSequence<AsyncValueObservation<Entity?>, EntityChange<Entity>> {
        ValueObservation.tracking(fetch).removeDuplicates().values(in: database.writer).map { entity in
            entity.map(EntityChange.upsert) ?? .delete
        }
    }
}
