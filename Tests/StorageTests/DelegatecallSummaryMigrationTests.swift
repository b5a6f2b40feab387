import BigInt
import EthereumKit
import Foundation
import GRDB
import SafeKit
@testable import Storage
import Testing

/// Issue 38, finding 12: releases before it stored "send 0 ETH to …" as the summary of a
/// delegatecall with no data, and summaries are read as stored; the wallet's database rewrites them.
@Suite("Migration: a delegatecall without data is summarised as one")
struct DelegatecallSummaryMigrationTests {
    @Test("v12 rewrites the stored summary of a delegatecall with no data, and leaves a call's alone")
    func rewritesOldSummaries() async throws {
        // Given a home whose database an older release wrote, up to v11, with a delegatecall and a call summarised as sends
        let home = BifrostHome(url: FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-v12-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: home.url) }
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        let target = try Address("0x4e11000000000000000000000000000000000d1e"), safe = try Address("0x5afe00000000000000000000000000000000c0de")
        let delegated = SafeTx(safe: safe, chainID: 31337, version: .v1_4_1, to: target, value: 0, data: [], operation: .delegateCall, nonce: 7)
        let sent = SafeTx(safe: safe, chainID: 31337, version: .v1_4_1, to: target, value: 9, data: [], operation: .call, nonce: 8)
        let queue = try DatabaseQueue(path: home.databaseURL.path)
        try Migrations.migrator.migrate(queue, upTo: "v11: the address book, and the contract functions calls were made with")
        try await queue.write { db in
            for (tx, summary) in [(delegated, "send 0 ETH to \(target.checksummed)"), (sent, "send 0.000000000000000009 ETH to \(target.checksummed)")] {
                let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                                 summary: summary, createdAt: Date(), updatedAt: Date())
                try SafeTransactionRecord(entry).insert(db)
            }
        }
        try queue.close()
        // When today's release opens it
        let storage = SafeStorage(database: try AppDatabase.open(home: home))
        // Then the delegatecall reads as one, naming its target, and the call's summary is as it was
        let rewritten = try await storage.transaction(safeTxHash: try delegated.hash())
        let kept = try await storage.transaction(safeTxHash: try sent.hash())
        #expect(rewritten?.summary == "delegatecall \(target.checksummed) with no data")
        #expect(kept?.summary == "send 0.000000000000000009 ETH to \(target.checksummed)")
    }
}
