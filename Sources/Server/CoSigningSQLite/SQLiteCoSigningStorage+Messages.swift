import BigInt
import CoSigningStorage
import EthereumKit
import Foundation
import GRDB
import SafeKit
import Storage

// Served Safe messages, in the wallet's own tables and through its own rows.
extension SQLiteCoSigningStorage {
    public func saveMessage(_ message: SafeMessageEntry) async throws(StorageError) -> SafeMessageEntry {
        try await write { db in
            let merged = try SafeMessageRows.merge(message, db)
            try ServedEventRows.insert(ServedEvent.messageWritten(before: merged.before, after: merged.entry, at: message.updatedAt), db)
            return merged.entry
        }
    }

    public func confirmMessage(_ messageHash: [UInt8], with signatures: [SafeSignature], at time: Date) async throws(StorageError) -> SafeMessageEntry? {
        let key = Hex.encode(messageHash)
        return try await write { db in
            guard let stored = try SafeMessageRows.entry(key, db) else { return nil }
            let merged = try SafeMessageRows.merge(stored.adding(signatures, at: time), db)
            try ServedEventRows.insert(ServedEvent.messageWritten(before: merged.before, after: merged.entry, at: time), db)
            return merged.entry
        }
    }

    public func message(_ messageHash: [UInt8]) async throws(StorageError) -> SafeMessageEntry? {
        let key = Hex.encode(messageHash)
        return try await read { db in try SafeMessageRows.entry(key, db) }
    }

    public func messages(chainID: BigUInt, safe: Address, limit: Int, offset: Int) async throws(StorageError) -> (count: Int, page: [SafeMessageEntry]) {
        let chain = String(chainID), address = safe.checksummed
        return try await read { db in
            try SafeMessageRows.page(chainID: chain, safe: address, limit: limit, offset: offset, db)
        }
    }
}
