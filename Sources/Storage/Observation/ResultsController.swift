import GRDB

/// A query whose results are delivered again whenever the rows behind it change, in this process
/// or another one writing the same database file: the WooCommerce seed's ResultsController.
public struct ResultsController<Entity: Sendable & Equatable>: Sendable {
    private let database: AppDatabase
    private let query: @Sendable (Database) throws -> [Entity]

    /// Observes the entities `query` returns.
    init(database: AppDatabase, query: @escaping @Sendable (Database) throws -> [Entity]) {
        self.database = database
        self.query = query
    }

    /// The current results first, then each changed result; consecutive duplicates are skipped.
    public var results: AsyncValueObservation<[Entity]> {
        ValueObservation.tracking(query).removeDuplicates().values(in: database.writer)
    }

    /// The results right now, without observing.
    public func fetch() throws(StorageError) -> [Entity] {
        try database.read(query)
    }
}
