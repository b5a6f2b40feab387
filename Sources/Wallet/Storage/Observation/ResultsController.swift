import GRDB
import Synchronization

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

    /// The current results, then each change: at once for writes made through this process's
    /// database, and within `pollInterval` for writes by other processes, which SQLite does not
    /// announce. Consecutive duplicates are skipped.
    public func changes(pollInterval: Duration = .milliseconds(500)) -> AsyncThrowingStream<[Entity], any Error> {
        AsyncThrowingStream { continuation in
            let last = Mutex<[Entity]?>(nil)
            let deliver: @Sendable ([Entity]) -> Void = { value in
                let changed = last.withLock { previous in
                    guard previous != value else { return false }
                    previous = value
                    return true
                }
                if changed { continuation.yield(value) }
            }
            let observer = Task {
                do {
                    for try await value in results { deliver(value) }
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            let poller = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollInterval)
                    if let value = try? await fetch() { deliver(value) }
                }
            }
            continuation.onTermination = { _ in
                observer.cancel()
                poller.cancel()
            }
        }
    }

    /// The results right now, without observing.
    public func fetch() async throws(StorageError) -> [Entity] {
        try await database.read(query)
    }
}
