import EthereumKit
import Foundation
import GRDB

/// A named key's secrets and its account row, created and removed together. Each step runs
/// inside one immediate SQLite transaction, whose write lock every process on the home shares:
/// two creators of one name cannot interleave, a loser never touches the winner's files, and a
/// row is committed only after its files are durable. A creator killed before its commit leaves
/// files without a row; no one lists them, and the next creation of that name replaces them.
public struct KeyRegistry: Sendable {
    let database: AppDatabase
    let vault: KeyVault

    /// A registry over `database`'s accounts and `vault`'s files.
    public init(database: AppDatabase, vault: KeyVault) {
        self.database = database
        self.vault = vault
    }

    /// Stores `secrets` (already-encrypted keystore files) and `account`; false when the name is taken.
    public func create(_ account: Account, secrets: [(kind: VaultSecret, keystore: [UInt8])]) async throws(StorageError) -> Bool {
        try vault.prepareDirectory()
        let record = AccountRecord(account)
        return try await database.immediateWrite { db in
            guard try AccountRecord.fetchOne(db, key: record.name) == nil else { return false }
            var written: [URL] = []
            do {
                // Files a killed creator left for this name belong to no one: clear them first.
                try vault.removeFiles(name: account.name)
                for secret in secrets {
                    let url = vault.fileURL(name: account.name, kind: secret.kind)
                    try AtomicFile.replace(url, with: secret.keystore)
                    written.append(url)
                }
                try record.insert(db)
                return true
            } catch {
                for url in written { try? FileManager.default.removeItem(at: url) }
                throw error
            }
        }
    }

    /// Replaces `name`'s secrets with `secrets` (already-encrypted keystore files), each file
    /// atomically, under the same lock as `create` and `remove`; false when there is no such key.
    public func replace(name: String, secrets: [(kind: VaultSecret, keystore: [UInt8])]) async throws(StorageError) -> Bool {
        try await database.immediateWrite { db in
            guard try AccountRecord.fetchOne(db, key: name) != nil else { return false }
            for secret in secrets { try AtomicFile.replace(vault.fileURL(name: name, kind: secret.kind), with: secret.keystore) }
            return true
        }
    }

    /// Deletes `name`'s row and files together; false when there was no such key.
    public func remove(name: String) async throws(StorageError) -> Bool {
        try await database.immediateWrite { db in
            guard try AccountRecord.deleteOne(db, key: name) else { return false }
            try vault.removeFiles(name: name)
            return true
        }
    }
}
