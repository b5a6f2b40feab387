/// A row that becomes a read-only entity. A row that cannot become one is an error the caller
/// sees, never a row silently left out of a list.
protocol EntityRecord {
    associatedtype Entity
    /// The entity, or nil when a field does not hold what it must.
    var decoded: Entity? { get }
    /// Which row this is, for the error when it cannot be read.
    var rowDescription: String { get }
}

extension EntityRecord {
    /// The entity; a row that does not decode throws.
    func entity() throws(StorageError) -> Entity {
        guard let entity = decoded else { throw StorageError.unreadable(rowDescription) }
        return entity
    }
}

extension StorageError {
    /// A stored row that no longer reads as what it must be.
    static func unreadable(_ row: String) -> StorageError {
        StorageError("the database holds \(row) that cannot be read; it was left as it is")
    }
}
