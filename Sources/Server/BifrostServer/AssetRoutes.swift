import CoSigning
import Foundation
import Hummingbird
import Networking
import Services

/// A Safe's balances and creation, a token's description and a module's Safes, in the official service's JSON.
extension CoSigningRoutes {
    func addAssets(to router: Router<BasicRequestContext>) {
        router.get("/api/v1/safes/:address/balances") { _, context in try await self.run { try await self.balances(context) } }
        router.get("/api/v1/tokens/:address") { _, context in try await self.run { try await self.token(context) } }
        router.get("/api/v1/modules/:address/safes") { _, context in try await self.run { try await self.moduleSafes(context) } }
        router.get("/api/v1/safes/:address/creation") { _, context in try await self.run { try await self.creation(context) } }
    }

    private func creation(_ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address")
        guard let c = try await store.dispatch(ServedSafeCreation(safe: safe)) else {
            throw FieldError(.notFound, field: "address", "no creation of a Safe (1.3.0 or later) is found at \(safe.checksummed)")
        }
        let decoded = c.setupData.map { CallDecoder().decode(to: c.singleton ?? safe, value: 0, data: $0, operation: .call).dataDecoded } ?? .null
        return Self.json(.ok, ServedJSON.object([
            ("created", ServedJSON.date(c.created)), ("creator", .string(c.creator.checksummed)), ("transactionHash", .string(Hex.encode(c.transactionHash))),
            ("factoryAddress", .string(c.factory.checksummed)), ("masterCopy", c.singleton.map { .string($0.checksummed) } ?? .null),
            ("setupData", c.setupData.map { .string(Hex.encode($0)) } ?? .null), ("saltNonce", c.saltNonce.map { .string(String($0)) } ?? .null),
            ("dataDecoded", decoded), ("userOperation", .null),
        ]))
    }

    private func moduleSafes(_ context: BasicRequestContext) async throws -> Response {
        let safes = try await store.dispatch(ServedSafesWithModule(module: try Self.address(context, "address")))
        return Self.json(.ok, ServedJSON.object([("safes", .array(safes.map { .string($0.checksummed) }))]))
    }

    private func balances(_ context: BasicRequestContext) async throws -> Response {
        let safe = try Self.address(context, "address")
        _ = try await store.dispatch(ServedSafeState(address: safe))
        let lines = try await store.dispatch(ServedBalances(safe: safe))
        return Self.json(.ok, .array(lines.map { line in
            ServedJSON.object([
                ("tokenAddress", line.token.map { .string($0.checksummed) } ?? .null),
                ("token", line.metadata.map { m in
                    ServedJSON.object([("name", .string(m.name)), ("symbol", .string(m.symbol)), ("decimals", .number(String(m.decimals))),
                                        ("logoUri", .null)])
                } ?? .null),
                ("balance", .string(String(line.balance))),
            ])
        }))
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
