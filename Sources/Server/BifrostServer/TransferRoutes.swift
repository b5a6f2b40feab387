import BigInt
import CoSigning
import Foundation
import Hummingbird
import Networking
import Services

/// A Safe's transfers, module transactions and whole history, read from the chain's logs, in the
/// official service's JSON and pages.
extension CoSigningRoutes {
    func addTransfers(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/safes/:address/transfers") { request, context in
            try await self.run { try await self.transfers(request, context, incomingOnly: false) }
        }
        router.get("/api/v1/safes/:address/incoming-transfers") { request, context in
            try await self.run { try await self.transfers(request, context, incomingOnly: true) }
        }
        router.get("/api/v1/transfer/:id") { _, context in try await self.run { try await self.transfer(context) } }
        router.get("/api/v1/module-transaction/:id") { _, context in try await self.run { try await self.moduleTransaction(context) } }
        router.get("/api/v1/safes/:address/export") { request, context in try await self.run { try await self.export(request, context) } }
        router.get("/api/v1/safes/:address/module-transactions") { request, context in
            try await self.run { try await self.moduleTransactions(request, context) }
        }
        for version in ["v1", "v2"] {
            let v2 = version == "v2"
            router.get("/api/\(version)/safes/:address/all-transactions") { request, context in
                try await self.run { try await self.allTransactions(request, context, v2: v2) }
            }
        }
    }

    private func transfers(_ request: Request, _ context: BasicRequestContext, incomingOnly: Bool) async throws -> Response {
        let (limit, offset) = try Self.window(request)
        let filter = try Self.transferFilter(request)
        let all = try await store.dispatch(ServedTransfers(safe: try Self.address(context, "address"), incomingOnly: incomingOnly, filter: filter))
        return paged(request, count: all.count, limit: limit, offset: offset, results: Self.page(all, limit, offset).map(ServedJSON.transfer))
    }

    /// The Safe's movements for accounting, 10 to a page (at most 1000), as the official export.
    private func export(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (limit, offset) = try Self.window(request, defaultLimit: 10, maxLimit: 1000)
        let q = request.uri.queryParameters
        func date(_ name: String) throws(FieldError) -> Date? {
            guard let text = q.get(name) else { return nil }
            return try RequestFields.read { () throws(ServiceWireError) in try ServiceWireFields(.object([(key: name, value: .string(text))])).date(name) }
        }
        let rows = try await store.dispatch(ServedExport(safe: try Self.address(context, "address"), since: try date("execution_date__gte"),
                                                         until: try date("execution_date__lte")))
        return paged(request, count: rows.count, limit: limit, offset: offset, results: Self.page(rows, limit, offset).map(\.json))
    }

    /// One transfer by its ID, as the listings give it.
    private func transfer(_ context: BasicRequestContext) async throws -> Response {
        let id = context.parameters.get("id") ?? ""
        guard let transfer = try await store.dispatch(ServedTransferLookup(id: id)) else {
            throw FieldError(.notFound, field: "transferId", "no transfer of a served Safe has the ID \(id.prefix(100))")
        }
        return Self.json(.ok, ServedJSON.transfer(transfer))
    }

    /// One module transaction by its ID, as the listings give it.
    private func moduleTransaction(_ context: BasicRequestContext) async throws -> Response {
        let id = context.parameters.get("id") ?? ""
        guard let (safe, execution) = try await store.dispatch(ServedModuleTransactionLookup(id: id)) else {
            throw FieldError(.notFound, field: "moduleTransactionId", "no module transaction of a served Safe has the ID \(id.prefix(100))")
        }
        return Self.json(.ok, ServedJSON.moduleTransaction(execution, safe: safe))
    }

    private func moduleTransactions(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (limit, offset) = try Self.window(request)
        let safe = try Self.address(context, "address")
        let all = try await store.dispatch(ServedModuleTransactions(safe: safe))
        return paged(request, count: all.count, limit: limit, offset: offset, results: Self.page(all, limit, offset).map {
            ServedJSON.moduleTransaction($0, safe: safe)
        })
    }

    /// v2 differs only in the multisig items' nonce and gas figures, which it writes as strings.
    private func allTransactions(_ request: Request, _ context: BasicRequestContext, v2: Bool) async throws -> Response {
        let (limit, offset) = try Self.window(request, defaultLimit: 20, maxLimit: 100)
        let safe = try Self.address(context, "address")
        let all = try await store.dispatch(ServedAllTransactions(safe: safe))
        let page = Self.page(all, limit, offset)
        let held = page.compactMap { if case .multisig(let entry, _) = $0 { entry } else { nil } }
        let final = held.isEmpty ? [] : try await store.dispatch(ServedFinality(held, reorgDepth: reorgDepth))
        let threshold = held.isEmpty ? nil : try? await store.dispatch(ServedSafeState(address: safe)).safe.threshold
        let senders = held.isEmpty ? [:] : try await store.dispatch(ServedProposingDelegates(held.map(\.safeTxHash)))
        return paged(request, count: all.count, limit: limit, offset: offset, results: page.map { item in
            switch item {
            case .multisig(let entry, let execution):
                let json = ServedJSON.transaction(entry, threshold: threshold, confirmed: final.contains(entry.safeTxHash), v2: v2, execution: execution,
                                                  proposedByDelegate: senders[entry.safeTxHash])
                return ServedJSON.adding(json, [("transfers", .array(execution.transfers.map(ServedJSON.transfer))), ("txType", .string("MULTISIG_TRANSACTION"))])
            case .module(let execution):
                return ServedJSON.adding(ServedJSON.moduleTransaction(execution, safe: safe),
                                          [("transfers", .array(execution.transfers.map(ServedJSON.transfer))), ("txType", .string("MODULE_TRANSACTION"))])
            case .ethereum(let hash, let block, let date, let carrier, let transfers):
                return ServedJSON.object([
                    ("executionDate", ServedJSON.date(date)),
                    ("to", carrier?.to.map { .string($0.checksummed) } ?? .null), ("data", carrier.map { .string(Hex.encode($0.input)) } ?? .null),
                    ("txHash", .string(Hex.encode(hash))), ("blockNumber", .number(String(block))),
                    ("transfers", .array(transfers.map(ServedJSON.transfer))), ("txType", .string("ETHEREUM_TRANSACTION")),
                    ("from", carrier.map { .string($0.from.checksummed) } ?? .null),
                ])
            }
        })
    }

    /// The official transfer filters: `ether`, `erc20` and `erc721` (true keeps only that kind, false
    /// drops it), `token_address`, `_from`, `to`, `transaction_hash`, `block_number`, `block_number__gt` and `__lt`.
    static func transferFilter(_ request: Request) throws(FieldError) -> ServedTransferFilter {
        let q = request.uri.queryParameters
        var filter = ServedTransferFilter()
        for (name, kind) in [("ether", ServedTransfer.Kind.ether), ("erc20", .erc20), ("erc721", .erc721)] {
            if let text = q.get(name) { filter.kinds[kind] = try Self.bool(text, field: name) }
        }
        filter.token = try q.get("token_address").map { text throws(FieldError) in try Self.address(text, field: "token_address") }
        filter.from = try q.get("_from").map { text throws(FieldError) in try Self.address(text, field: "_from") }
        filter.to = try q.get("to").map { text throws(FieldError) in try Self.address(text, field: "to") }
        filter.transactionHash = try q.get("transaction_hash").map { text throws(FieldError) in try RequestFields.hashText(text, field: "transaction_hash") }
        if let text = q.get("block_number") { filter.only(try Self.number(text, field: "block_number")) }
        if let text = q.get("block_number__gt") { filter.above(try Self.number(text, field: "block_number__gt")) }
        if let text = q.get("block_number__lt") { filter.below(try Self.number(text, field: "block_number__lt")) }
        return filter
    }

    /// The `limit` items from `offset` on.
    static func page<T>(_ all: [T], _ limit: Int, _ offset: Int) -> ArraySlice<T> {
        all.dropFirst(min(offset, all.count)).prefix(limit)
    }
}
