import EthereumKit
import Foundation
import GRDB

/// The `account` row. It never leaves Storage: callers get `Account` entities.
struct AccountRecord: Codable, FetchableRecord, PersistableRecord, EntityRecord, Sendable {
    enum Columns {
        static let name = Column(CodingKeys.name)
    }

    static let databaseTableName = "account"

    var name: String
    var address: String
    var kind: String
    var derivationPath: String?
    var createdAt: Date

    init(_ account: Account) {
        name = account.name
        address = account.address.checksummed
        kind = account.kind.rawValue
        derivationPath = account.derivationPath
        createdAt = account.createdAt
    }

    /// The entity, or nil for a row another version wrote in a form this one does not know.
    var rowDescription: String { "the key '\(name)'" }

    var decoded: Account? {
        guard let a = try? Address(address), let k = AccountKind(rawValue: kind) else { return nil }
        return Account(name: name, address: a, kind: k, derivationPath: derivationPath, createdAt: createdAt)
    }
}
