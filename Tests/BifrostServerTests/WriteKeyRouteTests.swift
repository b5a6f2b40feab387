import BifrostServer
import CoSigning
import Foundation
import Hummingbird
import Services
import Testing

/// Write keys at the HTTP edge: the `Authorization` header is read here, in BifrostServer; the
/// decision on a key is Services'.
@Suite("bifrost serve routes: write keys in the Authorization header")
struct WriteKeyRouteTests {
    typealias H = ServerHarness

    @Test("Bearer or Token with a whole known key writes; none, another scheme or part of a key is 401; past the rate 429; reads stay open")
    func writeKeys() async throws {
        let keys = try APIKeys(text: "unit-key-0123456789 2\n", defaultPerMinute: 60)
        // A stopped clock: however slowly a loaded machine runs this, no rate refills.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let server = try await H.make(settings: ServeSettings(port: 0, access: WriteAccess(keys: keys, now: { now }), followEvery: nil))
        defer { server.remove() }
        let path = "/api/v2/safes/\(H.safe.checksummed)/multisig-transactions/"
        let tx = H.tx()
        let body = try H.proposal(tx, sender: H.keys[0].address, signature: try H.signed(tx, by: 0))
        for header in [nil, "", "Bearer", "Basic unit-key-0123456789", "Bearer unit-key-012345678", "Bearer unit-key-01234567890"] {
            let answer = try await server.send(.post, path, body, headers: header.map { [.authorization: $0] } ?? [:])
            #expect(answer.status == 401 && answer.headers[.wwwAuthenticate] == "Bearer", "\(header ?? "no header")")
        }
        #expect(try await server.send(.get, path).status == 200, "reads need no key")
        #expect(try await server.send(.post, path, body, headers: [.authorization: "Bearer unit-key-0123456789"]).status == 201)
        #expect(try await server.send(.post, path, body, headers: [.authorization: "token  unit-key-0123456789"]).status == 201)
        let limited = try await server.send(.post, path, body, headers: [.authorization: "Bearer unit-key-0123456789"])
        #expect(limited.status == 429 && limited.headers[.retryAfter] == "30", "two writes a minute")
    }
}
