import Foundation
import Hummingbird
import Networking
import Services

/// A Safe's balances, a token's description and a module's Safes, in the official service's JSON.
extension CoSigningRoutes {
    func addAssets(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/safes/:address/balances") { _, context in try await self.run { try await self.balances(context) } }
        router.get("/api/v1/tokens/:address") { _, context in try await self.run { try await self.token(context) } }
        router.get("/api/v1/modules/:address/safes") { _, context in try await self.run { try await self.moduleSafes(context) } }
    }

    private func moduleSafes(_ context: BasicRequestContext) async throws -> Response {
        let safes = try await dispatcher.dispatch(ServedSafesWithModule(module: try Self.address(context, "address")))
        return Self.json(.ok, ServiceJSON.object([("safes", .array(safes.map { .string($0.checksummed) }))]))
    }

    private func balances(_ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address")
        _ = try await dispatcher.dispatch(ServedSafeState(address: safe))
        let lines = try await dispatcher.dispatch(ServedBalances(safe: safe))
        return Self.json(.ok, .array(lines.map { line in
            ServiceJSON.object([
                ("tokenAddress", line.token.map { .string($0.checksummed) } ?? .null),
                ("token", line.metadata.map { m in
                    ServiceJSON.object([("name", .string(m.name)), ("symbol", .string(m.symbol)), ("decimals", .number(String(m.decimals))),
                                        ("logoUri", .null)])
                } ?? .null),
                ("balance", .string(String(line.balance))),
            ])
        }))
    }

    private func token(_ context: BasicRequestContext) async throws -> Response {
        let address = try Self.address(context, "address")
        let metadata: TokenMetadata
        do { metadata = try await dispatcher.dispatch(ServedToken(address: address)) } catch ChainError.notAToken(_) {
            throw FieldError(.notFound, field: "address", "\(address.checksummed) does not answer as an ERC-20 token")
        }
        return Self.json(.ok, ServiceJSON.object([
            ("type", .string("ERC20")), ("address", .string(address.checksummed)), ("name", .string(metadata.name)),
            ("symbol", .string(metadata.symbol)), ("decimals", .number(String(metadata.decimals))), ("logoUri", .null), ("trusted", .bool(false)),
        ]))
    }
}
