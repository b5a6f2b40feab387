import BifrostServer
import BigInt
import Foundation
import Hummingbird
import Networking
import Services
import Testing

/// Proposing, confirming, reading and listing through the real router, against a mock node.
@Suite("bifrost serve routes: proposals, confirmations, reads and pages")
struct ProposalRouteTests {
    typealias H = ServerHarness
    static var proposals: String { "/api/v2/safes/\(H.safe.checksummed)/multisig-transactions/" }

    @Test("an owner's proposal is stored once, read back in v1 and v2 shapes, confirmed by a second owner, and listed in pages")
    func proposeConfirmReadList() async throws {
        let server = try await H.make()
        defer { server.remove() }
        let tx = H.tx(), hash = Hex.encode(try tx.hash())
        let body = try H.proposal(tx, sender: H.keys[0].address, signature: try H.signed(tx, by: 0))
        #expect(try await server.send(.post, Self.proposals, body).status == 201)
        #expect(try await server.send(.post, Self.proposals, body).status == 201, "proposing again changes nothing")

        let v2 = try await server.send(.get, "/api/v2/multisig-transactions/\(hash)/")
        #expect(v2.status == 200 && v2.json["safeTxHash"] == .string(hash) && v2.json["nonce"] == .string("3"))
        #expect(v2.json["confirmations"]?.arrayValue?.map { $0["owner"] } == [.string(H.keys[0].address.checksummed)])
        #expect(v2.json["confirmationsRequired"] == .number("2") && v2.json["isExecuted"] == .bool(false)
                && v2.json["confirmed"] == .bool(false))
        let v1 = try await server.send(.get, "/api/v1/multisig-transactions/\(hash)/")
        #expect(v1.json["nonce"] == .number("3"), "v1 gives nonces as numbers")

        let confirmed = try await server.send(.post, "/api/v1/multisig-transactions/\(hash)/confirmations/",
                                              #"{"signature": "\#(Hex.encode(try H.signed(tx, by: 1)))"}"#)
        #expect(confirmed.status == 201)
        #expect(confirmed.json == .object([(key: "signature", value: .string(Hex.encode(try H.signed(tx, by: 1))))]),
                "the posted signature, as the official view answers")
        let both = SafeSignature.pack(try [0, 1].map { try SafeSignature(bytes: try H.signed(tx, by: $0), safeTxHash: try tx.hash()) })

        for nonce in [4, 5] as [BigUInt] {
            let next = H.tx(nonce: nonce)
            #expect(try await server.send(.post, Self.proposals, try H.proposal(next, sender: H.keys[1].address, signature: try H.signed(next, by: 1))).status == 201)
        }
        let page = try await server.send(.get, Self.proposals + "?ordering=nonce&limit=2")
        #expect(page.json["count"] == .number("3") && page.json["results"]?.arrayValue?.map { $0["nonce"] } == [.string("3"), .string("4")])
        let next = try #require(page.json["next"]?.stringValue)
        #expect(next.contains("offset=2") && next.contains("limit=2") && next.hasPrefix("http://127.0.0.1"), "\(next)")
        #expect(page.json["previous"] == .null)
        let executed = try await server.send(.get, Self.proposals + "?executed=true")
        #expect(executed.json["count"] == .number("0"))

        // Every answer reads back through the wire codec Bifrost's client uses, and says what was stored.
        for version in ["v1", "v2"] {
            let one = try ServiceWireTransaction(json: try await server.send(.get, "/api/\(version)/multisig-transactions/\(hash)/").json)
            #expect(try one.safeTx(chainID: H.chainID, version: .v1_4_1) == tx && one.safeTxHash == (try tx.hash()))
            #expect(one.confirmations.map(\.owner) == [H.keys[0].address, H.keys[1].address] && one.signatures == both)
            let listed = try ServiceWirePage(json: try await server.send(.get, "/api/\(version)/safes/\(H.safe.checksummed)/multisig-transactions/").json)
            #expect(try listed.results.map { try ServiceWireTransaction(json: $0).nonce }.sorted() == [3, 4, 5])
        }
        let safe = try ServiceWireSafe(json: try await server.send(.get, "/api/v1/safes/\(H.safe.checksummed)/").json)
        #expect(safe.address == H.safe && safe.threshold == 2 && safe.nonce == 3 && safe.owners == H.keys.prefix(3).map(\.address))
    }

    @Test("bad input is answered with a 4xx that names the field, and nothing is stored")
    func badInput() async throws {
        let server = try await H.make()
        defer { server.remove() }
        let tx = H.tx(), hash = Hex.encode(try tx.hash())
        let owner = H.keys[0].address
        let other = H.tx(value: 6)
        let cases: [(String, HTTPRequest.Method, String, String?, Int, String)] = [
            // A proposal's refusals are all 422, as the official view answers them; a rule's under nonFieldErrors.
            ("not JSON", .post, Self.proposals, "{", 400, "body"),
            ("not an object", .post, Self.proposals, "[]", 422, "body"),
            ("another transaction's hash", .post, Self.proposals,
             try H.proposal(tx, sender: owner, signature: try H.signed(tx, by: 0), hash: try other.hash()), 422, "nonFieldErrors"),
            ("a sender who owns nothing", .post, Self.proposals, try H.proposal(tx, sender: H.keys[3].address, signature: try H.signed(tx, by: 3)), 422,
             "nonFieldErrors"),
            ("an owner without a signature", .post, Self.proposals, try H.proposal(tx, sender: owner, signature: nil), 422, "nonFieldErrors"),
            ("an owner with another owner's signature", .post, Self.proposals, try H.proposal(tx, sender: owner, signature: try H.signed(tx, by: 1)), 422,
             "nonFieldErrors"),
            ("a used nonce", .post, Self.proposals, try H.proposal(H.tx(nonce: 2), sender: owner, signature: try H.signed(H.tx(nonce: 2), by: 0)), 422,
             "nonFieldErrors"),
            ("CREATE", .post, Self.proposals, try H.proposal(tx, sender: owner, signature: try H.signed(tx, by: 0), operation: 2), 422, "operation"),
            ("a value that is not a number", .post, Self.proposals,
             try H.proposal(tx, sender: owner, signature: nil).replacingOccurrences(of: #""value": "5""#, with: #""value": "abc""#), 422, "value"),
            ("a bad Safe address in the path", .post, "/api/v2/safes/0x12/multisig-transactions/", "{}", 422, "address"),
            ("an unknown transaction", .get, "/api/v2/multisig-transactions/0x\(String(repeating: "ab", count: 32))/", nil, 404, "safeTxHash"),
            ("a short hash", .get, "/api/v2/multisig-transactions/0x12/", nil, 400, "safeTxHash"),
            ("a confirmation without a signature", .post, "/api/v1/multisig-transactions/\(hash)/confirmations/", "{}", 400, "signature"),
            ("an unknown ordering", .get, Self.proposals + "?ordering=bogus", nil, 400, "ordering"),
            ("a limit that is not a number", .get, Self.proposals + "?limit=x", nil, 400, "limit"),
            ("executed that is not a boolean", .get, Self.proposals + "?executed=maybe", nil, 400, "executed"),
            ("delegates without a filter", .get, "/api/v2/delegates/", nil, 400, "safe"),
            ("a body over 256 KiB", .post, Self.proposals, String(repeating: " ", count: 300 * 1024), 413, "body"),
        ]
        for (name, method, path, body, status, field) in cases {
            let answer = try await server.send(method, path, body)
            #expect(answer.status == status, "\(name): \(answer.json)")
            #expect(answer.json[field]?.arrayValue?.first?.stringValue?.isEmpty == false, "\(name) names \(field): \(answer.json)")
        }
        #expect(try await server.send(.get, "/api/v2/multisig-transactions/\(hash)/").status == 404, "none of them stored anything")

        // Every missing member is named at once, in the official serializer's order.
        let empty = try await server.send(.post, Self.proposals, "{}")
        #expect(empty.status == 422 && empty.json.objectValue?.map(\.key) == ServiceWireProposal.requiredFields)
        #expect(empty.json["sender"]?.arrayValue == [.string("This field is required.")])

        // A confirmation by someone who owns nothing, of a stored transaction.
        #expect(try await server.send(.post, Self.proposals, try H.proposal(tx, sender: owner, signature: try H.signed(tx, by: 0))).status == 201)
        let stranger = try await server.send(.post, "/api/v1/multisig-transactions/\(hash)/confirmations/",
                                             #"{"signature": "\#(Hex.encode(try H.signed(tx, by: 3)))"}"#)
        #expect(stranger.status == 400 && stranger.json["signature"] != nil, "the official confirmation view's 400, under signature")
        let unknown = try await server.send(.post, "/api/v1/multisig-transactions/0x\(String(repeating: "cd", count: 32))/confirmations/",
                                            #"{"signature": "\#(Hex.encode(try H.signed(tx, by: 1)))"}"#)
        #expect(unknown.status == 404 && unknown.json["detail"]?.stringValue?.isEmpty == false, "\(unknown.json)")
        #expect(try await server.send(.get, "/api/v2/multisig-transactions/\(hash)/").json["confirmations"]?.arrayValue?.count == 1)
    }
}
