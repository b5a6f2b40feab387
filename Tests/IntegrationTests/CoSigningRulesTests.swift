@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigning
import CoSigningTestSupport
import SafeKit
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// The parts of `bifrost serve` beyond proposing and confirming, through HTTP on the local
    /// chain: deleting by the proposer's signed request, delegates, an owner's Safes, write keys
    /// with their rates, and CORS.
    @Suite("Integration: the co-signing server's delegates, deletes, owners and access")
    struct CoSigningRulesTests {
        let devnet = Devnet.shared!

        static func signed(_ digest: [UInt8], _ key: PrivateKey) throws -> String { Hex.encode(try key.sign(digest: digest).rsv) }

        @Test("DELETE needs this hour's DeleteRequest signed by the proposer: another owner or another hour is refused", arguments: CoSigningBackend.available)
        func delete(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let (proposer, other) = (devnet.accounts[4].key, devnet.accounts[5].key)
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[2], value: 3, nonce: 0)
            let hash = try tx.hash(), path = "/api/v2/multisig-transactions/\(Hex.encode(hash))/"
            #expect(try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                          try ServingCoSigner.proposal(tx, signedBy: proposer)).status == 201)
            let now = ServiceAuthorization.totp(at: Date())
            func body(_ key: PrivateKey, totp: BigUInt) throws -> String {
                let digest = ServiceAuthorization.deleteDigest(safeTxHash: hash, safe: f.safe, chainID: devnet.chainID, totp: totp)
                return #"{"safeTxHash": "\#(Hex.encode(hash))", "signature": "\#(try Self.signed(digest, key))"}"#
            }
            let byOther = try await server.send("DELETE", path, try body(other, totp: now))
            #expect(byOther.status == 422 && byOther.json["signature"] != nil, "only the proposer may delete")
            #expect(try await server.send("DELETE", path, try body(proposer, totp: now - 2)).status == 422, "two hours old")
            #expect(try await server.send("DELETE", path, #"{"signature": "0x12"}"#).status == 422)
            #expect(try await server.send("DELETE", path, "{}").status == 400)
            #expect(try await server.send("GET", path).status == 200, "still there after the refusals")
            #expect(try await server.send("DELETE", path, try body(proposer, totp: now)).status == 204)
            #expect(try await server.send("GET", path).status == 404)
            #expect(try await server.send("DELETE", path, try body(proposer, totp: now)).status == 404)
        }

        @Test("delegates: added by an owner's signed Delegate message, listed, proposing with their own signature, removed by the delegate", arguments: CoSigningBackend.available)
        func delegates(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let owner = devnet.accounts[4].key, delegate = PrivateKey.generate(), stranger = PrivateKey.generate()
            let digest = ServiceAuthorization.delegateDigest(delegate: delegate.address, chainID: devnet.chainID, totp: ServiceAuthorization.totp(at: Date()))
            func add(_ signer: PrivateKey, delegator: Address, safe: Address?) async throws -> (status: Int, json: JSONValue, headers: [String: String]) {
                let safeField = safe.map { "\"\($0.checksummed)\"" } ?? "null"
                return try await server.send("POST", "/api/v2/delegates/", #"{"safe": \#(safeField), "delegate": "\#(delegate.address.checksummed)", "delegator": "\#(delegator.checksummed)", "signature": "\#(try Self.signed(digest, signer))", "label": "ci bot"}"#)
            }
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 7, nonce: 0)
            let proposal = try ServingCoSigner.proposal(tx, sender: delegate.address, signature: try SafeSignature.sign(safeTxHash: try tx.hash(), with: delegate).bytes)
            let path = "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/"
            #expect(try await server.send("POST", path, proposal).json["nonFieldErrors"] != nil, "not a delegate yet")

            let byStranger = try await add(stranger, delegator: stranger.address, safe: f.safe)
            #expect(byStranger.status == 400 && byStranger.json["nonFieldErrors"] != nil, "a non-owner cannot delegate")
            #expect(try await add(stranger, delegator: owner.address, safe: f.safe).json["nonFieldErrors"] != nil, "the delegator must sign")
            let added = try await add(owner, delegator: owner.address, safe: f.safe)
            #expect(added.status == 201 && added.json["delegate"] == .string(delegate.address.checksummed) && added.json["label"] == .string("ci bot"))
            #expect(try await add(owner, delegator: owner.address, safe: f.safe).status == 201, "adding again is idempotent")
            let listed = try await server.send("GET", "/api/v2/delegates/?safe=\(f.safe.checksummed)")
            #expect(listed.json["count"] == .number("1") && listed.json["results"]?.arrayValue?.first?["delegator"] == .string(owner.address.checksummed))
            #expect(try await server.send("GET", "/api/v2/delegates/").status == 400, "one filter at least")

            let unsigned = try ServingCoSigner.proposal(tx, sender: delegate.address, signature: nil)
            #expect(try await server.send("POST", path, unsigned).json["nonFieldErrors"] != nil, "a delegate proves it is the sender")
            #expect(try await server.send("POST", path, proposal).status == 201)
            let stored = try await server.send("GET", "/api/v2/multisig-transactions/\(Hex.encode(try tx.hash()))/")
            #expect(stored.json["proposer"] == .string(owner.address.checksummed) && stored.json["proposedByDelegate"] == .string(delegate.address.checksummed),
                    "the delegator's proposal, sent by its delegate, as the official service records it: \(stored.json)")
            #expect(stored.json["confirmations"]?.arrayValue?.isEmpty == true, "the delegate's signature confirms nothing")
            let listedOne = try await server.send("GET", path + "?nonce=0").json["results"]?.arrayValue?.first
            #expect(listedOne?["proposedByDelegate"] == .string(delegate.address.checksummed))

            let removal = ServiceAuthorization.delegateDigest(delegate: delegate.address, chainID: devnet.chainID, totp: ServiceAuthorization.totp(at: Date()))
            let remove = #"{"delegator": "\#(owner.address.checksummed)", "safe": "\#(f.safe.checksummed)", "signature": "\#(try Self.signed(removal, delegate))"}"#
            #expect(try await server.send("DELETE", "/api/v2/delegates/\(delegate.address.checksummed)/", remove).status == 204)
            #expect(try await server.send("DELETE", "/api/v2/delegates/\(delegate.address.checksummed)/", remove).status == 404)
            let next = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 8, nonce: 1)
            let after = try ServingCoSigner.proposal(next, sender: delegate.address, signature: try SafeSignature.sign(safeTxHash: try next.hash(), with: delegate).bytes)
            #expect(try await server.send("POST", path, after).status == 422, "removed delegates propose no more")

            // The delegate that sent a proposal may delete it, as its delegator may.
            let deletion = ServiceAuthorization.deleteDigest(safeTxHash: try tx.hash(), safe: f.safe, chainID: devnet.chainID,
                                                             totp: ServiceAuthorization.totp(at: Date()))
            #expect(try await server.send("DELETE", "/api/v2/multisig-transactions/\(Hex.encode(try tx.hash()))/",
                                          #"{"signature": "\#(try Self.signed(deletion, delegate))"}"#).status == 204)
        }

        @Test("an owner's Safes: the served Safes it owns, v1 as addresses and v2 as a page", arguments: CoSigningBackend.available)
        func ownersSafes(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let owner = devnet.accounts[5].key
            #expect(try await server.send("GET", "/api/v1/owners/\(owner.address.checksummed)/safes/").json["safes"] == .array([]))
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 1, nonce: 0)
            #expect(try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                          try ServingCoSigner.proposal(tx, signedBy: owner)).status == 201)
            #expect(try await server.send("GET", "/api/v1/owners/\(owner.address.checksummed)/safes/").json["safes"] == .array([.string(f.safe.checksummed)]))
            let v2 = try await server.send("GET", "/api/v2/owners/\(owner.address.checksummed)/safes/")
            #expect(v2.json["count"] == .number("1") && v2.json["results"]?.arrayValue?.first?["threshold"] == .number("2"))
            // Links name the server's own address, whatever Host and X-Forwarded-Proto a client sends.
            let paged = try await server.send("GET", "/api/v2/owners/\(owner.address.checksummed)/safes/?limit=1&offset=1", nil,
                                              headers: ["X-Forwarded-Proto": "https", "Host": "evil.example"])
            #expect(paged.json["previous"]?.stringValue?.hasPrefix(server.url.absoluteString + "/api/v2/owners/") == true, "\(paged.json)")
            #expect(try await server.send("GET", "/api/v1/owners/\(PrivateKey.generate().address.checksummed)/safes/").json["safes"] == .array([]))
            #expect(try await server.send("GET", "/api/v1/owners/0x12/safes/").status == 400)
        }

        @Test("an owner's Safes include those the server never stored, found by the chain's SafeSetup and AddedOwner logs and read on chain; a contract that only emits AddedOwner is not one",
              arguments: CoSigningBackend.available)
        func ownersSafesFromTheChain(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let start = try await f.remote().blockNumber()
            let (setupOwner, addedOwner) = (PrivateKey.generate().address, PrivateKey.generate().address)
            let created = try await f.first.services.dispatcher.dispatch(DeploySafe(
                keyName: "owner4", owners: [setupOwner, f.owners[0]], threshold: 1, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                version: .v1_3_0, chain: f.first.chain, wait: true, password: { "pw" })).safe
            try await f.run(.addOwner(addedOwner, threshold: nil))
            // A constructor that emits AddedOwner(addedOwner) and leaves no code: a log anyone can write.
            let forger = try await f.create([0x73] + addedOwner.bytes + [0x7f] + SafeOwnerEvents.addedOwner + [0x60, 0x00, 0x60, 0x00, 0xa2, 0x00])

            let store = try await f.first.services.serving(backend, chain: f.first.chain)
            let server = try await ServingCoSigner(store)
            defer { server.stop() }
            func owned(_ owner: Address) async throws -> JSONValue? {
                try await server.send("GET", "/api/v1/owners/\(owner.checksummed)/safes/").json["safes"]
            }
            #expect(try await owned(setupOwner) == .array([]), "nothing is indexed before the follower reads the chain")
            _ = try await store.dispatch(FollowServedChain(ownerIndexFrom: start))
            #expect(try await store.storage.nominatedSafes(owner: addedOwner, chainID: devnet.chainID).contains(forger), "the forged log is indexed")
            #expect(try await owned(setupOwner) == .array([.string(created.checksummed)]), "named in SafeSetup (1.3.0, owners in the data)")
            #expect(try await owned(addedOwner) == .array([.string(f.safe.checksummed)]), "named in AddedOwner (1.4.1, indexed), and not the forger")
            let v2 = try await server.send("GET", "/api/v2/owners/\(addedOwner.checksummed)/safes/")
            #expect(v2.json["count"] == .number("1") && v2.json["results"]?.arrayValue?.first?["owners"]?.arrayValue?.count == 4)
            #expect(try await store.storage.safes(ownedBy: addedOwner, chainID: devnet.chainID).map(\.address) == [f.safe],
                    "a Safe so found is remembered, and followed from then on")
            #expect(try await store.storage.ownerIndexBlock(chainID: devnet.chainID) ?? 0 >= start)
        }

        @Test("with keys, writes need Authorization: Bearer KEY within the key's rate (401, 429 with Retry-After); reads stay open; CORS only for listed origins")
        func access() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let keys = try APIKeys(text: "# team keys\nalice-0123456789abcdef 2\nbob-0123456789abcdef0123\n", defaultPerMinute: 60)
            let settings = ServeSettings(port: 0, access: WriteAccess(keys: keys), corsOrigins: ["https://wallet.example"], followEvery: nil)
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain), settings: settings)
            defer { server.stop() }
            let owner = devnet.accounts[4].key
            let path = "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/"
            func propose(_ nonce: BigUInt, _ headers: [String: String]) async throws -> (status: Int, json: JSONValue, headers: [String: String]) {
                let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 1, nonce: nonce)
                return try await server.send("POST", path, try ServingCoSigner.proposal(tx, signedBy: owner), headers: headers)
            }
            let none = try await propose(0, [:])
            #expect(none.status == 401 && none.headers["www-authenticate"] == "Bearer")
            #expect(try await propose(0, ["Authorization": "Bearer alice-0123456789abcdeX"]).status == 401)
            #expect(try await propose(0, ["Authorization": "Bearer alice-0123456789abcdef"]).status == 201)
            #expect(try await propose(1, ["Authorization": "Bearer alice-0123456789abcdef"]).status == 201)
            let limited = try await propose(2, ["Authorization": "Bearer alice-0123456789abcdef"])
            #expect(limited.status == 429 && Int(limited.headers["retry-after"] ?? "") ?? 0 >= 1, "alice's 2 a minute are used up")
            #expect(try await propose(2, ["Authorization": "Token bob-0123456789abcdef0123"]).status == 201, "bob has his own rate")
            #expect(try await server.send("GET", path).json["count"] == .number("3"), "reads need no key")

            let preflight = try await server.send("OPTIONS", path, nil, headers: ["Origin": "https://wallet.example", "Access-Control-Request-Method": "POST"])
            #expect(preflight.status == 204 && preflight.headers["access-control-allow-origin"] == "https://wallet.example")
            #expect(preflight.headers["access-control-allow-headers"]?.contains("Authorization") == true)
            let foreign = try await server.send("GET", path, nil, headers: ["Origin": "https://evil.example"])
            #expect(foreign.status == 200 && foreign.headers["access-control-allow-origin"] == nil)
            let open = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { open.stop() }
            #expect(try await open.send("GET", path, nil, headers: ["Origin": "https://wallet.example"]).headers["access-control-allow-origin"] == nil,
                    "CORS is off unless configured")
        }
    }
}
