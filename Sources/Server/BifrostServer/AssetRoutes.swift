import CoSigning
import Foundation
import Hummingbird
import Networking
import Services

/// A Safe's balances and creation, a token's description and a module's Safes, in the official service's JSON.
extension CoSigningRoutes {
    func addAssets(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/safes/:address/balances") { _, context in try await self.run { try await self.balances(context) } }
        router.get("/api/v2/safes/:address/balances") { request, context in try await self.run { try await self.pagedBalances(request, context) } }
        router.get("/api/v2/safes/:address/collectibles") { request, context in try await self.run { try await self.collectibles(request, context) } }
        router.get("/api/v1/tokens/:address") { _, context in try await self.run { try await self.token(context) } }
        router.get("/api/v1/tokens") { request, _ in try await self.run { try await self.tokens(request) } }
        router.get("/api/v1/about/ethereum-rpc") { _, _ in try await self.run { Self.json(.ok, try await self.store.dispatch(ServedNodeStatus()).json) } }
        router.get("/api/v1/modules/:address/safes") { _, context in try await self.run { try await self.moduleSafes(context) } }
        router.get("/api/v1/safes/:address/creation") { _, context in try await self.run { try await self.creation(context) } }
    }

    private func creation(_ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address")
        guard let c = try await store.dispatch(ServedSafeCreation(safe: safe)) else {
            throw FieldError(.notFound, field: "address", "no creation of a Safe (1.3.0 or later) is found at \(safe.checksummed)")
        }
        let decoded = c.setupData.map { CallDecoder().decode(to: c.singleton ?? safe, value: 0, data: $0, operation: .call).dataDecoded } ?? .null
        return Self.json(.ok, ServiceWireSafeCreation(created: c.created, creator: c.creator, transactionHash: c.transactionHash, factoryAddress: c.factory,
                                                      masterCopy: c.singleton, setupData: c.setupData, saltNonce: c.saltNonce, dataDecoded: decoded).json)
    }

    private func moduleSafes(_ context: BasicRequestContext) async throws -> Response {
        let safes = try await store.dispatch(ServedSafesWithModule(module: try Self.address(context, "address")))
        return Self.json(.ok, ServedJSON.object([("safes", .array(safes.map { .string($0.checksummed) }))]))
    }

    /// The ERC-721 tokens the Safe holds, as the official v2 pages them (10 by default, at most 10).
    private func collectibles(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (limit, offset) = try Self.window(request, defaultLimit: 10, maxLimit: 10)
        let all = try await store.dispatch(ServedCollectibles(safe: try Self.address(context, "address")))
        return paged(request, count: all.count, limit: limit, offset: offset, results: Self.page(all, limit, offset).map(\.json))
    }

    private func balances(_ context: BasicRequestContext) async throws -> Response {
        Self.json(.ok, .array(try await balanceLines(context)))
    }

    /// v2: the same lines as a page (100 by default, at most 200), the ether first.
    private func pagedBalances(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (limit, offset) = try Self.window(request)
        let lines = try await balanceLines(context)
        return paged(request, count: lines.count, limit: limit, offset: offset, results: Array(Self.page(lines, limit, offset)))
    }

    /// The Safe's ether, then each token it holds, in the official balance's JSON.
    private func balanceLines(_ context: BasicRequestContext) async throws -> [JSONValue] {
        let safe = try Self.address(context, "address")
        _ = try await store.dispatch(ServedSafeState(address: safe))
        let lines = try await store.dispatch(ServedBalances(safe: safe))
        return lines.map { line in
            ServedJSON.object([
                ("tokenAddress", line.token.map { .string($0.checksummed) } ?? .null),
                ("token", line.metadata.map { m in
                    ServedJSON.object([("name", .string(m.name)), ("symbol", .string(m.symbol)), ("decimals", .number(String(m.decimals))),
                                        ("logoUri", .null)])
                } ?? .null),
                ("balance", .string(String(line.balance))),
            ])
        }
    }

    /// The tokens seen move, as the official list pages them (10 by default; at most 200 here).
    private func tokens(_ request: Request) async throws -> Response {
        let (limit, offset) = try Self.window(request, defaultLimit: 10)
        let all = try await store.dispatch(ServedTokens())
        return paged(request, count: all.count, limit: limit, offset: offset, results: Self.page(all, limit, offset).map { ServedJSON.token($0.address, $0.metadata) })
    }

    private func token(_ context: BasicRequestContext) async throws -> Response {
        let address = try Self.address(context, "address")
        let metadata: TokenMetadata
        do { metadata = try await store.dispatch(ServedToken(address: address)) } catch ChainError.notAToken(_) {
            throw FieldError(.notFound, field: "address", "\(address.checksummed) does not answer as an ERC-20 token")
        }
        return Self.json(.ok, ServedJSON.token(address, metadata))
    }
}
