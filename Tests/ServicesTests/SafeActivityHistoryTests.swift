@testable import Services
import BigInt
import Foundation
import Networking
import SafeKit
import Testing

/// The home's history: what one Safe's chain activity becomes, line by line and day by day.
@Suite("Safe activity history")
struct SafeActivityHistoryTests {
    static let safe = try! Address("0x5fbdb2315678afecb367f032d93f642f64180aa3")
    static let other = try! Address("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512")
    static let alice = try! Address("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266")
    static let module = try! Address("0x90f79bf6eb2c4f870365e785982e1f101e93b906")
    static let token = try! Address("0x0b306bf915c4d645ff596e518faf3f9669b97016")

    static func word(_ n: BigUInt) -> [UInt8] {
        let bytes = Array(n.serialize())
        return [UInt8](repeating: 0, count: 32 - bytes.count) + bytes
    }
    static func word(_ a: Address) -> [UInt8] { [UInt8](repeating: 0, count: 12) + a.bytes }
    static func hash(_ n: UInt8) -> [UInt8] { [UInt8](repeating: n, count: 32) }

    static func executionLog(_ safeTxHash: [UInt8], from emitter: Address = safe, block: BigUInt, carrier: UInt8, removed: Bool = false) -> Log {
        Log(address: emitter, topics: [SafeEvents.executionSuccess], data: safeTxHash + word(0), blockNumber: block, transactionHash: hash(carrier),
            logIndex: 1, removed: removed)
    }

    static func execution(_ log: Log, safeTxHash: [UInt8]? = nil, module: Address? = nil, call: MultiSendCall? = nil) -> SafeChainActivity.Execution {
        SafeChainActivity.Execution(log: log, safeTxHash: safeTxHash, module: module, success: true, carrier: nil, fee: nil, gasUsed: nil, gasPrice: nil, call: call)
    }

    static func entry(_ safeTxHash: [UInt8], nonce: BigUInt, safe: Address = safe) -> SafeTransactionEntry {
        SafeTransactionEntry(transaction: SafeTx(safe: safe, chainID: 31337, version: .v1_4_1, to: alice, nonce: nonce), safeTxHash: safeTxHash,
                             signatures: [], status: .executed, executionHash: nil, summary: "send 0.1 ETH to Dave",
                             createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    /// Day one 23:59 UTC and day two 00:01 UTC: two days two minutes apart.
    static let lateDayOne = Date(timeIntervalSince1970: 1_764_287_940)   // 2025-11-27 23:59:00 UTC
    static let earlyDayTwo = Date(timeIntervalSince1970: 1_764_288_060)  // 2025-11-28 00:01:00 UTC

    static func activity() -> SafeChainActivity {
        let stored = executionLog(hash(0xa1), block: 10, carrier: 1)
        let foreign = executionLog(hash(0xa2), block: 12, carrier: 2)
        let forged = executionLog(hash(0xa3), from: other, block: 12, carrier: 3)
        let removed = executionLog(hash(0xa4), block: 12, carrier: 4, removed: true)
        let byModule = Log(address: safe, topics: [SafeEvents.moduleExecutionSuccess, word(module)], data: [], blockNumber: 13,
                           transactionHash: hash(5), logIndex: 0)
        let received = Log(address: safe, topics: [SafeEvents.safeReceived, word(alice)], data: word(BigUInt(10).power(18)), blockNumber: 9,
                           transactionHash: hash(6), logIndex: 0)
        let tokenIn = Log(address: token, topics: [SafeLedger.transferTopic, word(alice), word(safe)], data: word(2505 * BigUInt(10).power(17)),
                          blockNumber: 9, transactionHash: hash(7), logIndex: 2)
        // A token the stored execution sent: part of that execution's line, not a line of its own.
        let tokenOut = Log(address: token, topics: [SafeLedger.transferTopic, word(safe), word(alice)], data: word(5), blockNumber: 10,
                           transactionHash: hash(1), logIndex: 0)
        let swap = MultiSendCall(to: safe, data: [0xe3, 0x18, 0xb5, 0x2b])
        let pay = MultiSendCall(to: alice, value: 5 * BigUInt(10).power(16))
        return SafeChainActivity(safe: safe, executions: [execution(stored, safeTxHash: hash(0xa1)), execution(foreign, safeTxHash: hash(0xa2), call: swap),
                                                          execution(forged, safeTxHash: hash(0xa3)), execution(removed, safeTxHash: hash(0xa4)),
                                                          execution(byModule, module: module, call: pay)],
                                 received: [received], tokenTransfers: [tokenIn, tokenOut],
                                 times: [9: lateDayOne, 10: earlyDayTwo, 12: earlyDayTwo, 13: earlyDayTwo])
    }

    static func items() -> [SafeActivityItem] {
        SafeActivityHistory.items(activity(), stored: [hash(0xa1): entry(hash(0xa1), nonce: 4), hash(0xa3): entry(hash(0xa3), nonce: 9, safe: other)],
                                  assets: [token: (symbol: "BTT", decimals: 18)]) { call in "decoded call to \(call.to.checksummed)" }
    }

    @Test("every execution, the ether and tokens received, newest first; a log not the Safe's own, or taken back, makes no line")
    func lines() {
        let items = Self.items()
        #expect(items.map(\.block) == [13, 12, 10, 9, 9])
        #expect(items[0].kind == .module(Self.module) && items[0].summary == "decoded call to \(Self.alice.checksummed)")
        #expect(items[1].kind == .multisig(safeTxHash: Self.hash(0xa2), nonce: nil), "the forged and the removed log are left out: \(items)")
        #expect(items[1].summary == "decoded call to \(Self.safe.checksummed)", "a transaction this home never stored is decoded from the chain")
        #expect(items[2].kind == .multisig(safeTxHash: Self.hash(0xa1), nonce: 4) && items[2].summary == "send 0.1 ETH to Dave")
        #expect(items[3].kind == .movement(.incoming, asset: "BTT", assetAddress: Self.token, amount: "250.5", counterparty: Self.alice))
        #expect(items[4].kind == .movement(.incoming, asset: "ETH", assetAddress: nil, amount: "1", counterparty: Self.alice))
    }

    @Test("a stored transaction of another Safe with the same hash is not taken for this Safe's")
    func otherSafesRecord() {
        let log = Self.executionLog(Self.hash(0xa1), block: 10, carrier: 1)
        let activity = SafeChainActivity(safe: Self.safe, executions: [Self.execution(log, safeTxHash: Self.hash(0xa1))], received: [], tokenTransfers: [],
                                         times: [:])
        let items = SafeActivityHistory.items(activity, stored: [Self.hash(0xa1): Self.entry(Self.hash(0xa1), nonce: 4, safe: Self.other)], assets: [:]) { _ in "x" }
        #expect(items.count == 1 && items[0].kind == SafeActivityItem.Kind.multisig(safeTxHash: Self.hash(0xa1), nonce: nil) && items[0].summary == nil && items[0].date == nil)
    }

    @Test("by UTC day, newest day first: 23:59 and 00:01 fall on two days; lines whose block time is unknown come last")
    func days() {
        var items = Self.items()
        items.append(SafeActivityItem(kind: .module(Self.module), summary: nil, success: true, transactionHash: Self.hash(9), block: 2, logIndex: 0, date: nil))
        let days = SafeActivityHistory.days(items)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(days.count == 3)
        #expect(days[0].day == calendar.startOfDay(for: Self.earlyDayTwo) && days[0].items.map(\.block) == [13, 12, 10])
        #expect(days[1].day == calendar.startOfDay(for: Self.lateDayOne) && days[1].items.map(\.block) == [9, 9])
        #expect(days[2].day == nil && days[2].items.map(\.block) == [2])
    }

    @Test("an execution's record comes only from the Safe's own, standing log for that hash; the fee is gas used times its price")
    func executionRecord() {
        func receipt(_ logs: [Log]) -> TransactionReceipt {
            TransactionReceipt(transactionHash: Self.hash(1), status: true, blockNumber: 10, gasUsed: 80_000, effectiveGasPrice: 2_000_000_000,
                               from: Self.alice, to: Self.safe, logs: logs)
        }
        let own = Self.executionLog(Self.hash(0xa1), block: 10, carrier: 1)
        let record = SafeExecutionReport.from(receipt([own]), safe: Self.safe, safeTxHash: Self.hash(0xa1), date: Self.earlyDayTwo)
        #expect(record == SafeExecutionReport(transactionHash: Self.hash(1), block: 10, date: Self.earlyDayTwo, executor: Self.alice,
                                              fee: 160_000_000_000_000, gasUsed: 80_000, success: true))
        #expect(SafeExecutionReport.from(receipt([Self.executionLog(Self.hash(0xa1), from: Self.other, block: 10, carrier: 1)]), safe: Self.safe,
                                         safeTxHash: Self.hash(0xa1), date: nil) == nil)
        #expect(SafeExecutionReport.from(receipt([Self.executionLog(Self.hash(0xa1), block: 10, carrier: 1, removed: true)]), safe: Self.safe,
                                         safeTxHash: Self.hash(0xa1), date: nil) == nil)
        #expect(SafeExecutionReport.from(receipt([own]), safe: Self.safe, safeTxHash: Self.hash(0xa2), date: nil) == nil)
    }

    @Test("an execTransaction calldata reads back as the Safe's transaction only at the nonce whose hash the log names")
    func executedTransaction() throws {
        let tx = SafeTx(safe: Self.safe, chainID: 31337, version: .v1_4_1, to: Self.alice, value: 7, data: [1, 2, 3], nonce: 2)
        let calldata = try tx.execTransactionCall(signatures: [UInt8](repeating: 0, count: 65))
        let hash = try tx.hash()
        let read = SafeContract.executedTransaction(calldata, safe: Self.safe, chainID: 31337, version: .v1_4_1, nonces: [5, 2], safeTxHash: hash)
        #expect(read?.transaction == tx && read?.signatures.count == 65)
        #expect(SafeContract.executedTransaction(calldata, safe: Self.safe, chainID: 31337, version: .v1_4_1, nonces: [1, 3], safeTxHash: hash) == nil)
        #expect(SafeContract.executedTransaction(calldata, safe: Self.other, chainID: 31337, version: .v1_4_1, nonces: [2], safeTxHash: hash) == nil)
    }
}
