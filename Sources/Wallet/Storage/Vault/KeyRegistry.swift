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

    /// Stores `secrets` (already-encrypted keystore files) and `account`, its password recorded
    /// as `.asRead` (no new secret is encrypted under any other form); false when the name is taken.
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
                try KeyPasswordRecord(name: account.name, form: .asRead).insert(db)
                return true
            } catch {
                for url in written { try? FileManager.default.removeItem(at: url) }
                throw error
            }
        }
    }

    /// Replaces `name`'s secrets with `secrets` (already-encrypted keystore files), each file
    /// atomically, under the same lock as `create` and `remove`, and records its password as
    /// `.asRead`, as for `create`; false when there is no such key.
    public func replace(name: String, secrets: [(kind: VaultSecret, keystore: [UInt8])]) async throws(StorageError) -> Bool {
        try await database.immediateWrite { db in
            guard try AccountRecord.fetchOne(db, key: name) != nil else { return false }
            for secret in secrets { try AtomicFile.replace(vault.fileURL(name: name, kind: secret.kind), with: secret.keystore) }
            try KeyPasswordRecord(name: name, form: .asRead).save(db)
            return true
        }
    }

    /// What is known of the password `name`'s secrets are under; nil when nothing is (a key an
    /// older Bifrost stored, not opened since) or there is no such key.
    public func passwordForm(name: String) async throws(StorageError) -> KeyPasswordForm? {
        try await database.read { db in try KeyPasswordRecord.fetchOne(db, key: name)?.form }
    }

    /// Records that `name`'s password has `form`, as opening it showed; false when there is no such key.
    @discardableResult
    public func record(_ form: KeyPasswordForm, name: String) async throws(StorageError) -> Bool {
        try await database.write { db in
            guard try AccountRecord.exists(db, key: name) else { return false }
            try KeyPasswordRecord(name: name, form: form).save(db)
            return true
        }
    }

    /// Every key known to open only under its password with a line ending after it, by name.
    public func passwordsWithEndings() async throws(StorageError) -> [(name: String, ending: String)] {
        try await database.read { db in
            try KeyPasswordRecord.filter(Column("ending") != nil).order(Column("name")).fetchAll(db).compactMap { record in
                record.ending.map { (record.name, $0) }
            }
        }
    }

    /// Deletes `name`'s row (its password's form with it) and files together; false when there was no such key.
    public func remove(name: String) async throws(StorageError) -> Bool {
        try await database.immediateWrite { db in
            guard try AccountRecord.deleteOne(db, key: name) else { return false }
            try vault.removeFiles(name: name)
            return true
        }
    }
}
