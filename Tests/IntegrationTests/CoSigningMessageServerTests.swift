@testable import BifrostCLI
import BigInt
import CoSigning
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// Safe messages through `bifrost serve`: the official paths and JSON, every signature an
    /// owner's over the hash the server computes, contract owners asked the way the Safe asks them,
    /// and the prepared signature accepted by the Safe on chain.
    @Suite("Integration: Safe messages through the co-signing server")
    struct CoSigningMessageServerTests {
        let devnet = Devnet.shared!

        static func body(_ message: String, signature: [UInt8]?) -> String {
            #"{"message": \#(message), "safeAppId": 3, "signature": \#(signature.map { "\"\(Hex.encode($0))\"" } ?? "null"), "origin": "test"}"#
        }

        @Test("a text and a typed-data message: proposed, listed, signed by a second owner; the prepared signature passes isValidSignature on chain")
        func twoOfThree() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            let typedJSON = #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Vote":[{"name":"choice","type":"uint256"},{"name":"voter","type":"address"}]},"primaryType":"Vote","domain":{"name":"DAO"},"message":{"choice":"2","voter":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}}"#
            for (json, content) in [("\"Sign in to app.example\\nNonce: 42\"", SafeMessage.Content.text("Sign in to app.example\nNonce: 42")),
                                    (typedJSON, try SafeMessage.Content.typedData(json: typedJSON))] {
                let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, content: content)
                let hash = try message.hash(), path = "/api/v1/messages/\(Hex.encode(hash))/"
                let first = try SafeSignature.sign(safeTxHash: hash, with: devnet.accounts[4].key)
                let posted = try await server.send("POST", "/api/v1/safes/\(f.safe.checksummed)/messages/", Self.body(json, signature: first.bytes))
                #expect(posted.status == 201, "\(posted.json)")
                let one = try await server.send("GET", path)
                #expect(one.json["messageHash"] == .string(Hex.encode(hash)) && one.json["proposedBy"] == .string(f.owners[0].checksummed))
                #expect(one.json["message"] == (try JSONParser.parse(json)) && one.json["safeAppId"] == .number("3") && one.json["origin"] == .string("test"))
                #expect(one.json["preparedSignature"] == .null && one.json["confirmations"]?.arrayValue?.count == 1)

                let second = try SafeSignature.sign(safeTxHash: hash, with: devnet.accounts[5].key)
                #expect(try await server.send("POST", path + "signatures/", #"{"signature": "\#(Hex.encode(second.bytes))"}"#).status == 201)
                let two = try await server.send("GET", path)
                let confirmations = two.json["confirmations"]?.arrayValue ?? []
                #expect(confirmations.map { $0["owner"] } == [.string(f.owners[0].checksummed), .string(f.owners[1].checksummed)])
                #expect(confirmations.allSatisfy { $0["signatureType"] == .string("EOA") })
                guard case .string(let prepared)? = two.json["preparedSignature"] else { Issue.record("no prepared signature: \(two.json)"); continue }
                let answer = try await f.remote().call(CallRequest(to: f.safe, data: try message.validationCall(signature: try Hex.decode(prepared))))
                #expect(SafeMessage.accepts(answer), "the Safe accepts the prepared signature")
            }
            let listed = try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/messages/?limit=1")
            #expect(listed.json["count"] == .number("2") && listed.json["results"]?.arrayValue?.count == 1)
            #expect(listed.json["results"]?.arrayValue?.first?["message"]?.objectValue != nil, "newest first: the typed data")
            if case .string(let next)? = listed.json["next"] { #expect(next.hasPrefix(server.url.absoluteString) && next.contains("offset=1")) } else {
                Issue.record("no next page: \(listed.json)")
            }
        }

        @Test("bad input gets a 4xx naming the field: no or a bad signature, a non-owner, another hash, a message that is neither text nor typed data, an unknown hash, an owner twice")
        func refusals() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, content: .text("hello"))
            let hash = try message.hash(), owner = devnet.accounts[4].key, stranger = PrivateKey.generate()
            let path = "/api/v1/safes/\(f.safe.checksummed)/messages/"
            let good = try SafeSignature.sign(safeTxHash: hash, with: owner)
            // As the official message views answer: 400, a rule's refusal under nonFieldErrors.
            let cases: [(String, Int, String)] = [
                ("{not json", 400, "body"),
                (Self.body("\"hello\"", signature: nil), 400, "signature"),
                (Self.body("\"hello\"", signature: [1, 2, 3]), 400, "nonFieldErrors"),
                (Self.body("\"hello\"", signature: try SafeSignature.sign(safeTxHash: hash, with: stranger).bytes), 400, "nonFieldErrors"),
                (Self.body("\"hello\"", signature: try SafeSignature.sign(safeTxHash: [UInt8](repeating: 9, count: 32), with: owner).bytes), 400,
                 "nonFieldErrors"),
                (Self.body("\"hello\"", signature: good.bytes + good.bytes), 400, "nonFieldErrors"),
                (Self.body("42", signature: good.bytes), 400, "message"),
                (Self.body(#"{"types": {}}"#, signature: good.bytes), 400, "message"),
                (Self.body("\"hello\"", signature: good.bytes).replacingOccurrences(of: #""safeAppId": 3"#, with: #""safeAppId": -1"#), 400, "safeAppId"),
            ]
            for (text, status, field) in cases {
                let answer = try await server.send("POST", path, text)
                #expect(answer.status == status && answer.json[field] != nil, "\(field): \(answer.status) \(answer.json)")
            }
            #expect(try await server.send("GET", path).json["count"] == .number("0"), "nothing was stored by any of them")
            #expect(try await server.send("POST", path, Self.body("\"hello\"", signature: good.bytes)).status == 201)
            #expect(try await server.send("POST", path, Self.body("\"hello\"", signature: good.bytes)).status == 201, "proposing again is idempotent")
            #expect(try await server.send("GET", path).json["count"] == .number("1"))
            let signatures = "/api/v1/messages/\(Hex.encode(hash))/signatures/"
            let strangers = try SafeSignature.sign(safeTxHash: hash, with: stranger)
            #expect(try await server.send("POST", signatures, #"{"signature": "\#(Hex.encode(strangers.bytes))"}"#).json["nonFieldErrors"] != nil)
            #expect(try await server.send("POST", signatures, #"{"signature": "0xzz"}"#).status == 400)
            let unknown = try await server.send("POST", "/api/v1/messages/0x\(String(repeating: "ab", count: 32))/signatures/",
                                                #"{"signature": "\#(Hex.encode(good.bytes))"}"#)
            #expect(unknown.status == 404 && unknown.json["detail"] != nil)
            #expect(try await server.send("GET", "/api/v1/messages/0x12/").status == 400)
            #expect(try await server.send("GET", "/api/v1/messages/\(Hex.encode(hash))/").json["confirmations"]?.arrayValue?.count == 1)
        }

        @Test("a parent Safe owned by a child Safe: the child's contract signature is checked on chain with the preimage the parent's release asks about; the official bug's preimage is refused",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func nested(_ version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let parent = try await f.deployParent(version)
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            let message = SafeMessage(safe: parent, chainID: devnet.chainID, version: version, content: .text("Vote: yes on proposal 7"))
            let hash = try message.hash()
            let byOwner6 = try SafeSignature.sign(safeTxHash: hash, with: devnet.accounts[6].key)
            #expect(try await server.send("POST", "/api/v1/safes/\(parent.checksummed)/messages/", Self.body("\"Vote: yes on proposal 7\"", signature: byOwner6.bytes)).status == 201)
            let signatures = "/api/v1/messages/\(Hex.encode(hash))/signatures/"
            let wrong = try [4, 5].map { try SafeSignature.sign(safeTxHash: hash, with: devnet.accounts[$0].key) }
            let refused = try await server.send("POST", signatures, #"{"signature": "\#(Hex.encode(SafeSignature.pack([.contract(owner: f.safe, data: SafeMessage.finalSignature(wrong))])))"}"#)
            #expect(refused.status == 400 && refused.json["nonFieldErrors"] != nil, "\(version.rawValue): \(refused.json)")
            let childHash = try message.childMessageHash(child: f.safe, childVersion: version)
            let byChild = SafeSignature.contract(owner: f.safe, data: SafeMessage.finalSignature(
                try [4, 5].map { try SafeSignature.sign(safeTxHash: childHash, with: devnet.accounts[$0].key) }))
            let accepted = try await server.send("POST", signatures, #"{"signature": "\#(Hex.encode(SafeSignature.pack([byChild])))"}"#)
            #expect(accepted.status == 201, "\(version.rawValue): \(accepted.json)")
            let got = try await server.send("GET", "/api/v1/messages/\(Hex.encode(hash))/")
            #expect(got.json["confirmations"]?.arrayValue?.contains { $0["signatureType"] == .string("CONTRACT_SIGNATURE") } == true)
            guard case .string(let prepared)? = got.json["preparedSignature"] else { Issue.record("no prepared signature: \(got.json)"); return }
            let answer = try await f.remote().call(CallRequest(to: parent, data: try message.validationCall(signature: try Hex.decode(prepared))))
            #expect(SafeMessage.accepts(answer), "\(version.rawValue): the parent accepts the prepared signature")
        }
    }
}

extension OnDevnet.CoSigningMessageServerTests {
    @Test("the real CLI in two homes meets at bifrost serve: propose --service-url, list --service-url merges it verified, sign --service-url, the first home lists the final signature, and the Safe accepts it")
    func cliThroughServer() async throws {
        let f = try await SafeFixture(devnet: devnet)
        defer { f.remove() }
        let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
        defer { server.stop() }
        let service = ["--service-url", server.url.absoluteString]
        func json(_ arguments: [String], in home: URL) async throws -> JSONValue {
            let r = try await OnDevnet.SafeMessageIntegrationTests.cli(["--json"] + arguments, home: home)
            #expect(r.status == 0, "\(arguments): \(r.out)")
            return try JSONParser.parse(Array(r.out.utf8))
        }
        let proposed = try await json(["safe", "message", "propose", f.safe.checksummed, "--text", "Sign in to app.example\nNonce: 9", "--key", "owner4"]
                                      + service, in: f.first.home)
        let hash = try #require(proposed["messageHash"]?.stringValue)
        #expect(try await server.send("GET", "/api/v1/messages/\(hash)/").json["proposedBy"] == .string(f.owners[0].checksummed))

        let listed = try await json(["safe", "message", "list", f.safe.checksummed] + service, in: f.second.home)
        #expect(listed["messages"]?.arrayValue?.map { $0["messageHash"] } == [.string(hash)])
        #expect(listed["messages"]?.arrayValue?.first?["confirmations"] == .number("1"))
        let signed = try await json(["safe", "message", "sign", hash, "--key", "owner5"] + service, in: f.second.home)
        #expect(signed["confirmations"] == .number("2"))
        #expect(try await server.send("GET", "/api/v1/messages/\(hash)/").json["confirmations"]?.arrayValue?.count == 2)

        let back = try await json(["safe", "message", "list", f.safe.checksummed] + service, in: f.first.home)
        let final = try #require(back["messages"]?.arrayValue?.first?["finalSignature"]?.stringValue)
        #expect(final == signed["finalSignature"]?.stringValue)
        let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, content: .text("Sign in to app.example\nNonce: 9"))
        let answer = try await f.remote().call(CallRequest(to: f.safe, data: try message.validationCall(signature: try Hex.decode(final))))
        #expect(SafeMessage.accepts(answer), "the Safe accepts the final signature the first home merged from the service")
        let unsigned = try await OnDevnet.SafeMessageIntegrationTests.cli(["safe", "message", "propose", f.safe.checksummed, "--text", "x"] + service,
                                                                          home: f.first.home)
        #expect(unsigned.status == 64, "a service takes a message only with a signature: \(unsigned.out)")
    }
}
