@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigning
import CoSigningTestSupport
import Foundation
import Networking
import Services
import Storage
import Testing

extension OnDevnet {
    /// `bifrost serve` as the owners' meeting place on the local chain: Bifrost's own Transaction
    /// Service client proposes, lists and confirms through it, and bad input gets a 4xx naming the field.
    @Suite("Integration: the co-signing server on the local chain")
    struct CoSigningServerTests {
        let devnet = Devnet.shared!

        @Test("2-of-3 across two homes through the server: propose, list and merge, confirm, list, execute; GET shows both confirmations", arguments: CoSigningBackend.available)
        func twoOfThree(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let endpoint = SafeServiceEndpoint(url: server.url, apiKey: nil)
            let recipient = PrivateKey.generate().address
            let first = f.first.services.dispatcher, second = f.second.services.dispatcher

            let entry = try await first.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: recipient, value: SafeFixture.ether / 8, data: [], operation: .call), chain: f.first.chain))
            _ = try await first.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            #expect(try await first.dispatch(PostSafeSignatures(safeTxHash: entry.safeTxHash, service: endpoint, propose: true)) == [f.owners[0]])
            // Proposing again changes nothing: writes are idempotent.
            #expect(try await first.dispatch(PostSafeSignatures(safeTxHash: entry.safeTxHash, service: endpoint, propose: true)) == [f.owners[0]])

            let listed = try await second.dispatch(ServiceListSafeTransactions(safe: f.safe, service: endpoint, chain: f.second.chain))
            #expect(listed.transactions.map(\.safeTxHash) == [entry.safeTxHash] && listed.setAside.isEmpty)
            #expect(listed.transactions.first?.confirmations.map(\.owner) == [f.owners[0]])
            _ = try await second.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner5", password: { "pw" }))
            _ = try await second.dispatch(PostSafeSignatures(safeTxHash: entry.safeTxHash, service: endpoint, propose: false))

            let got = try await server.send("GET", "/api/v2/multisig-transactions/\(Hex.encode(entry.safeTxHash))/")
            #expect(got.status == 200 && got.json["confirmations"]?.arrayValue?.count == 2)
            #expect(got.json["confirmations"]?.arrayValue?.allSatisfy { $0["signatureType"] == .string("EOA") } == true)
            #expect(got.json["nonce"] == .string("0") && got.json["confirmationsRequired"] == .number("2"))

            let back = try await first.dispatch(ServiceListSafeTransactions(safe: f.safe, service: endpoint, chain: f.first.chain))
            #expect(Set(back.transactions.first?.confirmations.map(\.owner) ?? []) == Set(f.owners[0...1]))
            let result = try await first.dispatch(ExecuteSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", chain: f.first.chain,
                                                                         wait: true, password: { "pw" }))
            #expect(result.success == true)
            let paid = try await first.dispatch(FetchBalances(address: recipient, tokens: [], chain: f.first.chain))
            #expect(paid.ether.wei == SafeFixture.ether / 8)
        }

        @Test("bad input gets a 4xx naming the field: malformed JSON, wrong types, bad hex, a wrong hash, a non-owner, a replayed or another Safe's signature, CREATE, a 10 MB body, an unknown hash", arguments: CoSigningBackend.available)
        func refusals(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 5, nonce: 0)
            let hash = try tx.hash()
            let otherSafe = SafeTx(safe: devnet.accounts[9].address, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 5, nonce: 0)
            let owner = devnet.accounts[4].key, stranger = PrivateKey.generate()
            func body(hash: [UInt8], sender: Address, signature: [UInt8]?, operation: Int = 0) -> String {
                let sig = signature.map { "\"\(Hex.encode($0))\"" } ?? "null"
                return #"{"to": "\#(tx.to.checksummed)", "value": "5", "data": null, "operation": \#(operation), "safeTxGas": "0", "baseGas": "0", "gasPrice": "0", "gasToken": null, "refundReceiver": null, "nonce": 0, "contractTransactionHash": "\#(Hex.encode(hash))", "sender": "\#(sender.checksummed)", "signature": \#(sig), "origin": "test"}"#
            }
            let path = "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/"
            let good = try SafeSignature.sign(safeTxHash: hash, with: owner)
            // As the official view answers a proposal: 422 for every refusal, a rule's under nonFieldErrors.
            let cases: [(String, Int, String)] = [
                ("{not json", 400, "body"),
                (body(hash: [UInt8](repeating: 1, count: 32), sender: owner.address, signature: good.bytes), 422, "nonFieldErrors"),
                (body(hash: hash, sender: stranger.address, signature: nil), 422, "nonFieldErrors"),
                (body(hash: hash, sender: owner.address, signature: try SafeSignature.sign(safeTxHash: hash, with: stranger).bytes), 422, "nonFieldErrors"),
                (body(hash: hash, sender: owner.address, signature: try SafeSignature.sign(safeTxHash: [UInt8](repeating: 9, count: 32), with: owner).bytes),
                 422, "nonFieldErrors"),
                (body(hash: hash, sender: owner.address, signature: nil, operation: 2), 422, "operation"),
                (#"{"to": "0x12"}"#, 422, "value"),
                (body(hash: hash, sender: owner.address, signature: nil).replacingOccurrences(of: #""value": "5""#, with: #""value": true"#), 422, "value"),
                (body(hash: hash, sender: owner.address, signature: nil).replacingOccurrences(of: #""signature": null"#, with: #""signature": "0xzz""#),
                 422, "signature"),
                // The owner's signature of the same transaction for another Safe: it recovers to someone else here.
                (body(hash: hash, sender: owner.address, signature: try SafeSignature.sign(safeTxHash: try otherSafe.hash(), with: owner).bytes),
                 422, "nonFieldErrors"),
                ("{\"pad\": \"" + String(repeating: "a", count: 10 * 1024 * 1024) + "\"}", 413, "body"),
            ]
            for (text, status, field) in cases {
                let answer = try await server.send("POST", path, text)
                #expect(answer.status == status && answer.json[field] != nil, "\(field): \(answer.status) \(answer.json)")
            }
            // Nothing was stored by any of them; the good one is, under the chain's name and without the slash.
            #expect(try await server.send("GET", path).json["count"] == .number("0"))
            #expect(try await server.send("POST", "/devnet" + path.dropLast(), body(hash: hash, sender: owner.address, signature: good.bytes)).status == 201)
            let listed = try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions?executed=False&nonce__gte=0&trusted=True")
            #expect(try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions?trusted=maybe").json["trusted"] != nil)
            #expect(listed.json["count"] == .number("1") && listed.json["results"]?.arrayValue?.first?["nonce"] == .number("0"), "\(listed)")
            let untrusted = try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions?trusted=false")
            #expect(untrusted.json["count"] == .number("1"), "trusted=false filters nothing, as the official service reads it")
            #expect(try await server.send("GET", "/api/v2/multisig-transactions/0x\(String(repeating: "ab", count: 32))/").status == 404)
            #expect(try await server.send("GET", "/api/v2/multisig-transactions/0x12/").status == 400)
            #expect(try await server.send("GET", "/api/v1/about/").json["chainId"] == .string(String(devnet.chainID)))
            #expect(try await server.send("GET", "/health").status == 200)
        }
    }
}
