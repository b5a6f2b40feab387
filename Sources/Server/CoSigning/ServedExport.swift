import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services

/// A served Safe's asset movements for accounting, newest first (`export/`): each transfer with
/// the transaction that made it, its proposer and proposal time when this server holds it, its
/// executor (the sender, or the module), and what it called.
public struct ServedExport: CoSigningAction {
    public let safe: Address
    /// Only movements executed at or after, and at or before, these times.
    public let since: Date?
    public let until: Date?
    public init(safe: Address, since: Date? = nil, until: Date? = nil) {
        self.safe = safe
        self.since = since
        self.until = until
    }

    public func perform(on store: CoSigningStore) async throws -> [ServiceWireExportRow] {
        let read = try await ServedActivity.read(safe, store: store)
        let transfers = read.transfers.filter { t in (since.map { t.date >= $0 } ?? true) && (until.map { t.date <= $0 } ?? true) }
        let executions = Dictionary(read.executions.compactMap { e in e.execution.log.transactionHash.map { ($0, e.execution) } },
                                    uniquingKeysWith: { first, _ in first })
        // A transfer no execution of the Safe made names its sender only through its transaction.
        let plain = Set(transfers.map(\.transactionHash).filter { executions[$0]?.carrier == nil })
        let carriers = try await store.chain.remote.batch(Array(plain), EthereumRemote.Requests.transaction(hash:))
        // A batch moves several assets in one execution: its stored transaction is read once.
        var stored: [[UInt8]: SafeTransactionEntry?] = [:]
        var rows: [ServiceWireExportRow] = []
        for t in transfers {
            let execution = executions[t.transactionHash]
            var held: SafeTransactionEntry?
            if let hash = execution?.safeTxHash {
                if stored[hash] == nil { stored[hash] = .some(try await store.storage.transaction(hash).flatMap { $0.transaction.safe == safe ? $0 : nil }) }
                held = stored[hash] ?? nil
            }
            let (type, amount, decimals): (String, BigUInt, Int?) = switch t.kind {
            case .ether: ("native", t.value ?? 0, 18)
            case .erc20: ("erc20", t.value ?? 0, t.metadata.map { $0.decimals == 0 ? nil : Int($0.decimals) } ?? nil)
            case .erc721: ("erc721", 1, nil)
            }
            rows.append(ServiceWireExportRow(
                safe: safe, from: t.from, to: t.to, amount: amount, assetType: type, assetAddress: t.token,
                assetSymbol: t.kind == .ether ? "ETH" : t.metadata?.symbol, assetDecimals: decimals,
                proposerAddress: held?.proposer, proposedAt: held?.createdAt,
                executorAddress: execution?.module ?? (execution?.carrier ?? carriers[t.transactionHash])?.from, executedAt: t.date,
                note: held.flatMap { Self.note(in: $0.origin) }, transactionHash: t.transactionHash,
                contractAddress: held?.transaction.to ?? execution?.call?.to, nonce: held?.transaction.nonce))
        }
        // Newest first, then by transaction hash as the official query orders them; within one
        // transaction, in the chain's order.
        return rows.enumerated().sorted { a, b in
            (a.element.executedAt, Hex.encode(b.element.transactionHash), b.offset) > (b.element.executedAt, Hex.encode(a.element.transactionHash), a.offset)
        }.map(\.element)
    }

    /// The `note` of a JSON origin, as Safe{Wallet} writes it.
    static func note(in origin: String?) -> String? {
        guard let origin, let json = try? JSONParser.parse(Array(origin.utf8)) else { return nil }
        return json["note"]?.stringValue
    }
}
