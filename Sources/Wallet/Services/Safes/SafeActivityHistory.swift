import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// One line of a Safe's history: an execution by its owners or by a module, or an asset that
/// moved in or out outside any execution (ether sent to it, a token transferred to or from it).
public struct SafeActivityItem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The owners' execution of `safeTxHash`; `nonce` when this home knows the transaction.
        case multisig(safeTxHash: [UInt8], nonce: BigUInt?)
        /// An execution by the module at this address.
        case module(Address)
        /// An asset moving, `amount` in its units (`ETH` or the token's symbol), from or to `counterparty`.
        case movement(SafeLedger.Direction, asset: String, assetAddress: Address?, amount: String, counterparty: Address)
    }

    public let kind: Kind
    /// The one-line description: the stored summary, else the call decoded from the calldata on
    /// chain; nil for a movement, and for an execution whose call only a trace would show.
    public let summary: String?
    public let success: Bool
    /// The Ethereum transaction that carried it.
    public let transactionHash: [UInt8]
    public let block: BigUInt
    public let logIndex: BigUInt
    /// Its block's time; nil when the node did not give the block.
    public let date: Date?

    /// An item (for tests and previews).
    public init(kind: Kind, summary: String?, success: Bool, transactionHash: [UInt8], block: BigUInt, logIndex: BigUInt, date: Date?) {
        self.kind = kind
        self.summary = summary
        self.success = success
        self.transactionHash = transactionHash
        self.block = block
        self.logIndex = logIndex
        self.date = date
    }

    /// The Safe transaction's hash, for an execution by the owners.
    public var safeTxHash: [UInt8]? {
        if case .multisig(let hash, _) = kind { return hash }
        return nil
    }
}

/// The items of one day, newest first.
public struct SafeActivityDay: Sendable, Equatable {
    /// Midnight UTC of the day; nil for items whose block time is unknown.
    public let day: Date?
    public let items: [SafeActivityItem]
}

/// A Safe's history read from its chain activity, the same activity the CSV export reads: every
/// execution (decoded from the calldata on chain when this home never stored the transaction),
/// and every asset movement outside an execution.
public enum SafeActivityHistory {
    /// The symbol and decimals of a token, as the home or the chain names it.
    public typealias Asset = (symbol: String, decimals: Int)

    /// The items of `activity`, newest first. `stored` holds the home's transactions by safeTxHash,
    /// matched only through the execution-fact gate (the Safe's own log, the same Safe and hash);
    /// `describe` words a call the chain shows; `assets` names tokens (an unknown one shows as `?`
    /// with its raw amount).
    public static func items(_ activity: SafeChainActivity, stored: [[UInt8]: SafeTransactionEntry], assets: [Address: Asset],
                             describe: (MultiSendCall) -> String) -> [SafeActivityItem] {
        var items: [SafeActivityItem] = []
        var executionCarriers = Set<[UInt8]>()
        for execution in activity.executions {
            guard let hash = execution.log.transactionHash, let block = execution.log.blockNumber else { continue }
            executionCarriers.insert(hash)
            let kind: SafeActivityItem.Kind, summary: String?
            if let safeTxHash = execution.safeTxHash {
                guard let fact = SafeExecutionFact(execution.log, of: [activity.safe]) else { continue }
                let entry = fact.names(stored[safeTxHash])
                kind = .multisig(safeTxHash: safeTxHash, nonce: entry?.transaction.nonce)
                summary = entry.flatMap { $0.summary.isEmpty ? nil : $0.summary } ?? execution.call.map(describe)
            } else if let module = execution.module {
                kind = .module(module)
                summary = execution.call.map(describe)
            } else { continue }
            items.append(SafeActivityItem(kind: kind, summary: summary, success: execution.success, transactionHash: hash, block: block,
                                          logIndex: execution.log.logIndex ?? 0, date: date(activity, block)))
        }
        // A token moved by one of the Safe's executions belongs to that execution's line.
        for log in activity.tokenTransfers where !(log.transactionHash.map(executionCarriers.contains) ?? true) {
            guard let movement = SafeLedger.tokenMovement(safe: activity.safe, contract: log.address, topics: log.topics, data: log.data) else { continue }
            items.append(item(movement, log: log, activity: activity, assets: assets))
        }
        for log in activity.received {
            guard let movement = SafeLedger.etherReceived(topics: log.topics, data: log.data) else { continue }
            items.append(item(movement, log: log, activity: activity, assets: assets))
        }
        return items.sorted { ($0.block, $0.logIndex) > ($1.block, $1.logIndex) }
    }

    /// `items` (newest first) by UTC day, newest day first; items whose time is unknown last.
    public static func days(_ items: [SafeActivityItem]) -> [SafeActivityDay] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var days: [SafeActivityDay] = []
        var undated: [SafeActivityItem] = []
        for item in items {
            guard let date = item.date else { undated.append(item); continue }
            let day = calendar.startOfDay(for: date)
            if let last = days.last, last.day == day {
                days[days.count - 1] = SafeActivityDay(day: day, items: last.items + [item])
            } else {
                days.append(SafeActivityDay(day: day, items: [item]))
            }
        }
        days.sort { ($0.day ?? .distantPast) > ($1.day ?? .distantPast) }
        if !undated.isEmpty { days.append(SafeActivityDay(day: nil, items: undated)) }
        return days
    }

    private static func date(_ activity: SafeChainActivity, _ block: BigUInt) -> Date? {
        activity.knowsDate(of: block) ? activity.date(of: block) : nil
    }

    private static func item(_ movement: SafeLedger.Movement, log: Log, activity: SafeChainActivity, assets: [Address: Asset]) -> SafeActivityItem {
        let asset = movement.asset.map { assets[$0] ?? (symbol: "?", decimals: 0) }
        let amount = asset.map { TokenAmount(raw: movement.amount, decimals: $0.decimals).description } ?? EtherAmount(wei: movement.amount).exact(in: .ether)
        let block = log.blockNumber ?? 0
        return SafeActivityItem(kind: .movement(movement.direction, asset: asset?.symbol ?? "ETH", assetAddress: movement.asset, amount: amount,
                                                counterparty: movement.counterparty),
                                summary: nil, success: true, transactionHash: log.transactionHash ?? [], block: block, logIndex: log.logIndex ?? 0,
                                date: date(activity, block))
    }
}
