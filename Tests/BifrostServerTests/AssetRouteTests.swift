import BifrostServer
import BigInt
import Foundation
import Services
import Testing

@Suite("bifrost serve: a Safe's balances and a token's description, on a mock node")
struct AssetRouteTests {
    @Test("balances: the ether line first, tokenAddress and token null, the balance in wei as a string; an address that is not a Safe is refused")
    func balances() async throws {
        let server = try await ServerHarness.make()
        defer { server.remove() }
        let answer = try await server.send(.get, "/api/v1/safes/\(ServerHarness.safe.checksummed)/balances/")
        #expect(answer.status == 200, "\(answer.json)")
        let lines = answer.json.arrayValue ?? []
        #expect(lines.count == 1 && lines[0]["tokenAddress"] == .null && lines[0]["token"] == .null && lines[0]["balance"] == .string("42"),
                "no token was seen moving yet: \(answer.json)")
        #expect(try await server.send(.get, "/api/v1/safes/0xnot-an-address/balances/").status == 400)
    }

    @Test("a contract that does not answer name, symbol and decimals is no token: 404 naming the address")
    func notAToken() async throws {
        let server = try await ServerHarness.make()
        defer { server.remove() }
        let answer = try await server.send(.get, "/api/v1/tokens/\(ServerHarness.safe.checksummed)/")
        #expect(answer.status == 404 && answer.json["address"] != nil, "\(answer.json)")
        #expect(try await server.send(.get, "/api/v1/tokens/12/").status == 400)
    }
}
