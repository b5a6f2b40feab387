import BigInt
import CoSigningTestSupport
import Foundation
import Networking
import NetworkingTesting
import SafeKit
import Services
import Testing

/// Answers held to the official Transaction Service's (v5.42) shapes where its clients read them:
/// the Safe Client Gateway validates every answer against a schema, and api-kit reads the lists.
/// Each runs on every co-signing backend.
@Suite("bifrost serve answers in the official service's shapes")
struct OfficialShapeRouteTests {
    typealias H = ServerHarness
    static var proposals: String { "/api/v2/safes/\(H.safe.checksummed)/multisig-transactions/" }
    static let moduleGuard = try! Address("0x00000000000000000000000000000000000000A1")

    @Test("a Safe: the official members in order, its singleton as masterCopy, 1.4.1+L2 for the L2 singleton, the module guard, and unset addresses as the zero address",
          arguments: CoSigningBackend.available)
    func safe(_ backend: CoSigningBackend) async throws {
        var node = H.node
        node.moduleGuard = Self.moduleGuard
        let server = try await H.make(backend: backend, safe: node)
        defer { server.remove() }
        let answer = try await server.send(.get, "/api/v1/safes/\(H.safe.checksummed)/")
        #expect(answer.status == 200)
        #expect(answer.json.objectValue?.map(\.key) == ["address", "nonce", "threshold", "owners", "masterCopy", "modules", "fallbackHandler",
                                                         "guard", "moduleGuard", "version"])
        let zero = JSONValue.string(Address.zero.checksummed)
        #expect(answer.json["masterCopy"] == .string(SafeDeployments.safeL2Singleton.checksummed))
        #expect(answer.json["version"] == .string("1.4.1+L2"))
        #expect(answer.json["moduleGuard"] == .string(Self.moduleGuard.checksummed))
        #expect(answer.json["guard"] == zero && answer.json["fallbackHandler"] == zero)
        #expect(answer.json["nonce"] == .string("3") && answer.json["threshold"] == .number("2"))
        // Bifrost's own client reads the module guard back through the same wire type.
        #expect(try ServiceWireSafe(json: answer.json).moduleGuard == Self.moduleGuard)
    }

    @Test("a Safe on a singleton no deployment lists reports its own VERSION(), as the official service does",
          arguments: CoSigningBackend.available)
    func unknownSingleton(_ backend: CoSigningBackend) async throws {
        var node = H.node
        node.singleton = try Address("0x00000000000000000000000000000000000051e7")
        let server = try await H.make(backend: backend, safe: node)
        defer { server.remove() }
        let answer = try await server.send(.get, "/api/v1/safes/\(H.safe.checksummed)/")
        #expect(answer.json["version"] == .string("1.4.1") && answer.json["masterCopy"] == .string(node.singleton.checksummed))
        #expect(answer.json["moduleGuard"] == .string(Address.zero.checksummed))
    }

    @Test("the release of a singleton: canonical L1 and L2 singletons of each release, a chain's own, and none for another")
    func releases() throws {
        #expect(SafeDeployments.release(ofSingleton: try Address("0xd9Db270c1B5E3Bd161E8c8503c55cEABeE709552")) == "1.3.0")
        #expect(SafeDeployments.release(ofSingleton: try Address("0x3E5c63644E683549055b9Be8653de26E0B4CD36E")) == "1.3.0+L2")
        #expect(SafeDeployments.release(ofSingleton: SafeDeployments.safeL2Singleton) == "1.4.1+L2")
        #expect(SafeDeployments.release(ofSingleton: try Address("0xFf51A5898e281Db6DfC7855790607438dF2ca44b")) == "1.5.0")
        let own = try Address("0x00000000000000000000000000000000000051e7")
        #expect(SafeDeployments.release(ofSingleton: own) == nil)
        #expect(SafeDeployments.release(ofSingleton: own, known: [.v1_5_0: SafeContractSet(safeL2Singleton: own)]) == "1.5.0+L2")
    }

    @Test("the multisig lists: countUniqueNonce last, over every nonce whatever the filters; trusted=false filters nothing; links keep the slash, sort their parameters and drop offset for the first page",
          arguments: CoSigningBackend.available)
    func lists(_ backend: CoSigningBackend) async throws {
        let server = try await H.make(backend: backend)
        defer { server.remove() }
        // Two transactions at nonce 3 (a payment and its replacement) and one at nonce 4.
        for (nonce, value) in [(3, 5), (3, 6), (4, 5)] as [(BigUInt, BigUInt)] {
            let tx = H.tx(nonce: nonce, value: value)
            #expect(try await server.send(.post, Self.proposals, try H.proposal(tx, sender: H.keys[0].address, signature: try H.signed(tx, by: 0))).status == 201)
        }
        for version in ["v1", "v2"] {
            let path = "/api/\(version)/safes/\(H.safe.checksummed)/multisig-transactions/"
            let page = try await server.send(.get, path + "?nonce=4&executed=false")
            #expect(page.json.objectValue?.map(\.key) == ["count", "next", "previous", "results", "countUniqueNonce"])
            #expect(page.json["count"] == .number("1") && page.json["countUniqueNonce"] == .number("2"), "\(version)")
            #expect(try ServiceWirePage(json: page.json).countUniqueNonce == 2)

            for trusted in ["true", "false"] {
                #expect(try await server.send(.get, path + "?trusted=\(trusted)").json["count"] == .number("3"), "trusted=\(trusted)")
            }
            #expect(try await server.send(.get, path + "?trusted=maybe").status == 400)

            let middle = try await server.send(.get, path + "?ordering=nonce&limit=1&offset=1&executed=false")
            #expect(middle.json["next"] == .string("http://127.0.0.1\(path)?executed=false&limit=1&offset=2&ordering=nonce"))
            #expect(middle.json["previous"] == .string("http://127.0.0.1\(path)?executed=false&limit=1&ordering=nonce"))
            let noSlash = try await server.send(.get, String(path.dropLast()) + "?limit=2")
            #expect(noSlash.json["next"] == .string("http://127.0.0.1\(path)?limit=2&offset=2"), "the slash is the official path's, however it was asked")
        }
    }

    @Test("a transaction's confirmations: a page in the order they came, each as the transaction lists it; a confirmation answers with what was posted",
          arguments: CoSigningBackend.available)
    func confirmations(_ backend: CoSigningBackend) async throws {
        let server = try await H.make(backend: backend)
        defer { server.remove() }
        let tx = H.tx(), hash = Hex.encode(try tx.hash())
        #expect(try await server.send(.post, Self.proposals, try H.proposal(tx, sender: H.keys[1].address, signature: try H.signed(tx, by: 1))).status == 201)
        let posted = try H.signed(tx, by: 0)
        let confirmed = try await server.send(.post, "/api/v1/multisig-transactions/\(hash)/confirmations/", #"{"signature": "\#(Hex.encode(posted))"}"#)
        #expect(confirmed.status == 201 && confirmed.json == .object([(key: "signature", value: .string(Hex.encode(posted)))]))

        let path = "/api/v1/multisig-transactions/\(hash)/confirmations/"
        let all = try await server.send(.get, path)
        #expect(all.status == 200 && all.json["count"] == .number("2"))
        let owners = try ServiceWirePage(json: all.json).results.map { try ServiceWireConfirmation(json: $0).owner }
        #expect(owners == [H.keys[1].address, H.keys[0].address], "in the order they came, not owner order")
        let listed = try await server.send(.get, "/api/v2/multisig-transactions/\(hash)/").json["confirmations"]?.arrayValue ?? []
        #expect(Set(all.json["results"]?.arrayValue?.map { JSONWriter.write($0) } ?? []) == Set(listed.map { JSONWriter.write($0) }))
        let second = try await server.send(.get, path + "?limit=1&offset=1")
        #expect(second.json["results"]?.arrayValue?.count == 1 && second.json["previous"] == .string("http://127.0.0.1\(path)?limit=1"))
        #expect(try await server.send(.get, "/api/v1/multisig-transactions/0x\(String(repeating: "ab", count: 32))/confirmations/").status == 404)
    }

    @Test("estimations: 0 for a call the Safe can make (1.3.0 and later need no safeTxGas); a failing call is the official 422 with code 30; every missing member named",
          arguments: CoSigningBackend.available)
    func estimations(_ backend: CoSigningBackend) async throws {
        var node = H.node
        node.accountsWithoutCode = [H.keys[3].address]
        let server = try await H.make(backend: backend, safe: node)
        defer { server.remove() }
        let path = "/api/v1/safes/\(H.safe.checksummed)/multisig-transactions/estimations/"
        let fine = try await server.send(.post, path, #"{"to": "\#(H.keys[3].address.checksummed)", "value": "5", "data": null, "operation": 0}"#)
        #expect(fine.status == 200 && fine.json == .object([(key: "safeTxGas", value: .string("0"))]), "\(fine.json)")
        let failing = try await server.send(.post, path, #"{"to": "\#(H.keys[2].address.checksummed)", "value": "5", "operation": 0}"#)
        #expect(failing.status == 422 && failing.json["code"] == .number("30") && failing.json["message"] == .string("Gas estimation failed"), "\(failing.json)")
        #expect(failing.json["arguments"]?.arrayValue?.count == 1)
        let empty = try await server.send(.post, path, "{}")
        #expect(empty.status == 400 && empty.json.objectValue?.map(\.key) == ["to", "value", "operation"], "\(empty.json)")
        #expect(try await server.send(.post, path, #"{"to": "\#(H.keys[3].address.checksummed)", "value": "5", "operation": 2}"#).status == 400)
    }
}
