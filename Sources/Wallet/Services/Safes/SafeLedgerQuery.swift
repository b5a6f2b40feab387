import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// One asset movement of a Safe as an accounting tool imports it.
public struct SafeLedgerRow: Sendable, Equatable {
    /// When its block was made.
    public let date: Date
    public let block: BigUInt
    public let transactionHash: [UInt8]
    /// The Safe transaction's nonce, when this home knows the transaction.
    public let nonce: BigUInt?
    /// `in` or `out`; `fee` for an execution that moved nothing.
    public let direction: String
    /// `ETH` or the token's symbol.
    public let asset: String
    /// The token contract; nil for ETH.
    public let assetAddress: Address?
    /// In display units, exact.
    public let amount: String
    public let counterparty: Address?
    /// The gas the execution cost its executor, in wei, on the first row of each Safe execution.
    public let fee: BigUInt?
}

/// Every asset movement of a Safe since its creation, oldest first: ether and ERC-20 tokens in
/// and out, from its executions, its `SafeReceived` events and the tokens' `Transfer` events.
public struct SafeLedgerQuery: SafeHistoryAction {
    public let safe: Address
    public let chain: ChainSelection
    public init(safe: Address, chain: ChainSelection) {
        self.safe = safe
        self.chain = chain
    }
    public func perform(on store: SafeHistoryStore) async throws -> [SafeLedgerRow] { try await store.ledger(self) }
}

extension SafeLedgerRow {
    /// The columns, as accounting imports name them.
    public static let header = ["date", "transaction_hash", "nonce", "direction", "asset", "asset_address", "amount",
                                "counterparty_name", "counterparty_address", "fee_eth"]

    /// The rows as CSV, header first, counterparties named by `names`; dates in UTC, ISO 8601.
    public static func csv(_ rows: [SafeLedgerRow], names: AddressNames) -> String {
        let dates = ISO8601DateFormatter()
        dates.timeZone = TimeZone(identifier: "UTC")
        return CSVText.line(header) + rows.map { row in
            CSVText.line([dates.string(from: row.date), Hex.encode(row.transactionHash), row.nonce.map { String($0) } ?? "", row.direction,
                          row.asset, row.assetAddress?.checksummed ?? "", row.amount, row.counterparty.flatMap(names.name) ?? "",
                          row.counterparty?.checksummed ?? "", row.fee.map { EtherAmount(wei: $0).exact(in: .ether) } ?? ""])
        }.joined()
    }
}

extension SafeHistoryStore {
    func ledger(_ q: SafeLedgerQuery) async throws -> [SafeLedgerRow] {
        let chain = try await connector.connect(q.chain)
        let r = EthereumRemote.Requests.self
        let (chainResult, headResult) = try await chain.remote.batch(r.chainID(), r.blockNumber())
        let chainID = try chain.verify(chainID: try chainResult.get())
        let head = try headResult.get()
        var start = try await storage.creationBlock(chainID: chainID, address: q.safe)
        if start == nil { start = try await findCreationBlock(of: q.safe, chainID: chainID, chain: chain, latest: head) }
        let activity = try await SafeChainActivity.read(q.safe, remote: chain.remote, from: start ?? 0, to: head)
        let tokenLogs = activity.tokenTransfers
        let assets = try await tokenMetadata(Array(Set(tokenLogs.filter { $0.topics.count == 3 }.map(\.address))), chainID: chainID, chain: chain)
        let decoder = await connector.decoder(chainID: chainID)

        // Each movement with where it sorts: its block, then its log's place in the block.
        var found: [(order: (BigUInt, BigUInt), hash: [UInt8], movement: SafeLedger.Movement?, nonce: BigUInt?, fee: BigUInt?)] = []
        var executed = Set<[UInt8]>()
        var calls: [[UInt8]: MultiSendCall] = [:]
        for execution in activity.executions {
            guard let safeTxHash = execution.safeTxHash, let hash = execution.log.transactionHash else { continue }
            let order = SafeChainActivity.order(execution.log)
            let nonce = SafeExecutionFact(execution.log, of: [q.safe])?.names(try await storage.transaction(safeTxHash: safeTxHash))?.transaction.nonce
            var movements: [SafeLedger.Movement] = []
            calls[hash] = execution.call
            if execution.success, let ran = execution.call {
                movements = SafeLedger.etherSent(ran, decoder: decoder)
            }
            if !executed.contains(hash) {
                executed.insert(hash)
                movements += tokenLogs.filter { $0.transactionHash == hash }.compactMap {
                    SafeLedger.tokenMovement(safe: q.safe, contract: $0.address, topics: $0.topics, data: $0.data)
                }
            }
            if movements.isEmpty {
                found.append((order, hash, nil, nonce, execution.fee))
            }
            for (i, movement) in movements.enumerated() { found.append((order, hash, movement, nonce, i == 0 ? execution.fee : nil)) }
        }
        for log in tokenLogs where !(log.transactionHash.map(executed.contains) ?? false) {
            guard let hash = log.transactionHash,
                  let movement = SafeLedger.tokenMovement(safe: q.safe, contract: log.address, topics: log.topics, data: log.data) else { continue }
            found.append((SafeChainActivity.order(log), hash, movement, nil, nil))
        }
        for log in activity.received {
            guard let hash = log.transactionHash, let movement = SafeLedger.etherReceived(topics: log.topics, data: log.data) else { continue }
            found.append((SafeChainActivity.order(log), hash, movement, nil, nil))
        }
        var seen = Set<String>()
        return found.sorted { $0.order < $1.order }.compactMap { item in
            // A transfer from the Safe to itself is found by both token queries; it is listed once.
            let key = "\(Hex.encode(item.hash))/\(item.order.1)/\(item.movement.map { "\($0.direction)\($0.asset?.checksummed ?? "")\($0.amount)" } ?? "")"
            guard seen.insert(key).inserted else { return nil }
            let date = activity.date(of: item.order.0)
            guard let movement = item.movement else {
                let call = calls[item.hash]
                return SafeLedgerRow(date: date, block: item.order.0, transactionHash: item.hash, nonce: item.nonce, direction: "fee", asset: "ETH",
                                     assetAddress: nil, amount: "0", counterparty: call?.to, fee: item.fee)
            }
            let asset = movement.asset.map { assets[$0] ?? (symbol: "?", decimals: 0) }
            let amount = asset.map { TokenAmount(raw: movement.amount, decimals: $0.decimals).description } ?? EtherAmount(wei: movement.amount).exact(in: .ether)
            return SafeLedgerRow(date: date, block: item.order.0, transactionHash: item.hash, nonce: item.nonce, direction: movement.direction.rawValue,
                                 asset: asset?.symbol ?? "ETH", assetAddress: movement.asset, amount: amount, counterparty: movement.counterparty,
                                 fee: item.fee)
        }
    }

    /// Symbol and decimals of `tokens`: the home's known tokens, else read from the chain in one batch.
    func tokenMetadata(_ tokens: [Address], chainID: BigUInt, chain: Chain) async throws -> [Address: (symbol: String, decimals: Int)] {
        var out: [Address: (symbol: String, decimals: Int)] = [:]
        for token in try await self.tokens.tokens(chainID: chainID) where tokens.contains(token.address) { out[token.address] = (token.symbol, token.decimals) }
        let unknown = tokens.filter { out[$0] == nil }
        guard !unknown.isEmpty else { return out }
        let r = EthereumRemote.Requests.self
        let answers = try await chain.remote.batch(unknown.flatMap { [r.call(CallRequest(to: $0, data: ERC20.symbol)), r.call(CallRequest(to: $0, data: ERC20.decimals))] })
        for (i, token) in unknown.enumerated() {
            let symbol = (try? answers[2 * i].get()).flatMap { try? ERC20.decodeString($0) } ?? "?"
            let decimals = (try? answers[2 * i + 1].get()).flatMap { try? ERC20.decodeUInt($0) }.map { Int(min($0, 255)) } ?? 0
            out[token] = (symbol, decimals)
        }
        return out
    }
}
