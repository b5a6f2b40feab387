@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// One `bifrost serve` for two local chains with different chain IDs, through both APIs: the
    /// Transaction Service's under each chain's name, and the Queue Service's with the chain in
    /// the body or the query.
    @Suite("Integration: one server, two chains, both APIs", .enabled(if: Devnet.second != nil, "set BIFROST_DEVNET2_DEPLOYMENTS (scripts/test does)"))
    struct CoSigningChainsTests {
        let devnet = Devnet.shared!
        let second = Devnet.second!

        static func signed(_ digest: [UInt8], _ key: PrivateKey) throws -> String { Hex.encode(try key.sign(digest: digest).rsv) }

        /// A 2-of-3 Safe of dev accounts 4, 5 and 6 on the second chain, deployed from `wallet`.
        func secondSafe(_ wallet: TestWallet) async throws -> Address {
            _ = try await wallet.services.dispatcher.dispatch(AddNetwork(name: "devnet2", rpcURL: second.rpcURL, chainID: nil,
                                                                         deployments: second.deploymentsJSON))
            return try await wallet.services.dispatcher.dispatch(DeploySafe(
                keyName: "owner4", owners: (4...6).map { second.accounts[$0].address }, threshold: 2,
                saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)), version: nil, chain: ChainSelection(networkName: "devnet2"),
                wait: true, password: { "pw" })).safe
        }

        @Test("each chain under its own name, the default without one; another chain's name is a 404 that names both; the Queue API proposes, signs, lists the queue across chains and keeps delegates per chain")
        func twoChains() async throws {
            #expect(second.chainID != devnet.chainID)
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let other = try await secondSafe(f.first)
            let chains = try await f.first.services.serving(inMemory: true, chains: [ChainSelection(networkName: "devnet"), ChainSelection(networkName: "devnet2")])
            let server = try await ServingCoSigner(chains: chains)
            defer { server.stop() }
            let (o4, o5) = (devnet.accounts[4].key, devnet.accounts[5].key)

            // The Transaction Service API, one chain under each name.
            let first = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 1, nonce: 0)
            let there = SafeTx(safe: other, chainID: second.chainID, version: .v1_4_1, to: f.owners[1], value: 2, nonce: 0)
            #expect(try await server.send("POST", "/devnet/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                          try ServingCoSigner.proposal(first, signedBy: o4)).status == 201)
            #expect(try await server.send("POST", "/devnet2/api/v2/safes/\(other.checksummed)/multisig-transactions/",
                                          try ServingCoSigner.proposal(there, signedBy: o4)).status == 201)
            let onFirst = try await server.send("POST", "/devnet/api/v2/safes/\(other.checksummed)/multisig-transactions/",
                                                try ServingCoSigner.proposal(there, signedBy: o4))
            #expect((400..<500).contains(onFirst.status), "the second chain's Safe is no Safe on the first: \(onFirst.json)")
            let thereHash = Hex.encode(try there.hash())
            #expect(try await server.send("GET", "/devnet2/api/v1/multisig-transactions/\(thereHash)/").json["safe"] == .string(other.checksummed))
            #expect(try await server.send("GET", "/api/v1/multisig-transactions/\(Hex.encode(try first.hash()))/").status == 200,
                    "a path without a chain's name is the first chain's")
            let about = try await server.send("GET", "/devnet2/api/v1/about/ethereum-rpc/")
            #expect(about.json["chain_id"] == .number(String(second.chainID)), "\(about.json)")
            let unserved = try await server.send("GET", "/eth/api/v1/about/")
            let reason = JSONWriter.write(unserved.json)
            #expect(unserved.status == 404 && reason.contains("devnet (chain \(devnet.chainID))") && reason.contains("devnet2 (chain \(second.chainID))"),
                    "\(reason)")
            let page = try await server.send("GET", "/devnet2/api/v2/safes/\(other.checksummed)/multisig-transactions/?limit=1&offset=1")
            #expect(page.json["previous"]?.stringValue?.hasPrefix(server.url.absoluteString + "/devnet2/api/v2/safes/") == true, "\(page.json)")

            // The Queue Service API: the chain in the body, the hash and the sender the server's to find.
            let queued = SafeTx(safe: other, chainID: second.chainID, version: .v1_4_1, to: f.owners[2], value: 3, nonce: 1)
            let signature = Hex.encode(try SafeSignature.sign(safeTxHash: try queued.hash(), with: o4).bytes)
            let body = #"{"chainId": \#(second.chainID), "safe": "\#(other.checksummed)", "to": "\#(f.owners[2].checksummed)", "value": "3", "data": null, "operation": 0, "safeTxGas": "0", "baseGas": "0", "gasPrice": "0", "gasToken": null, "refundReceiver": null, "nonce": 1, "originName": "queue test", "signatures": ["\#(signature)"]}"#
            let proposed = try await server.send("POST", "/queue/api/v1/multisig-transactions", body)
            let queuedHash = Hex.encode(try queued.hash())
            #expect(proposed.status == 201 && proposed.json["safeTxHash"] == .string(queuedHash), "\(proposed.json)")
            #expect(proposed.json["proposer"] == .string(o4.address.checksummed))
            let elsewhere = try await server.send("POST", "/queue/api/v1/multisig-transactions", body.replacingOccurrences(of: "\"chainId\": \(second.chainID)", with: "\"chainId\": 5"))
            #expect(elsewhere.status == 422 && JSONWriter.write(elsewhere.json).contains("devnet2 (chain \(second.chainID))"), "\(elsewhere.json)")
            let garbled = try await server.send("POST", "/queue/api/v1/multisig-transactions", body.replacingOccurrences(of: "\"chainId\": \(second.chainID)", with: "\"chainId\": \"sep\""))
            #expect(garbled.status == 422 && JSONWriter.write(garbled.json).contains("is not a chain ID"), "a malformed proposal field, as officially: \(garbled.json)")
            let confirmation = Hex.encode(try SafeSignature.sign(safeTxHash: try queued.hash(), with: o5).bytes)
            let signed = try await server.send("POST", "/queue/api/v1/multisig-transactions/\(Hex.encode(try queued.hash()))/signatures",
                                               #"{"signatures": ["\#(confirmation)"]}"#)
            #expect(signed.status == 200 && signed.json["confirmations"]?.arrayValue?.count == 2, "\(signed.json)")
            let fetched = try await server.send("GET", "/queue/api/v1/multisig-transactions/\(Hex.encode(try queued.hash()))")
            #expect(fetched.json["nonce"] == .string("1") && fetched.json["safe"] == .string(other.checksummed))

            // The queue across both chains, by nonce, and a Safe's list with the chain in the query.
            let queue = try await server.send("GET", "/queue/api/v1/multisig-transactions/queue?safes=\(f.safe.checksummed):\(devnet.chainID),\(other.checksummed):\(second.chainID)")
            #expect(queue.json["count"] == .number("3") && queue.json["results"]?.arrayValue?.map { $0["nonce"] } == ["0", "0", "1"].map { .string($0) },
                    "\(queue.json)")
            let descending = try await server.send("GET", "/queue/api/v1/multisig-transactions/queue?safes=\(other.checksummed):\(second.chainID)&nonce_order=desc&limit=1")
            #expect(descending.json["results"]?.arrayValue?.first?["nonce"] == .string("1"))
            #expect(descending.json["next"]?.stringValue == server.url.absoluteString
                    + "/queue/api/v1/multisig-transactions/queue?limit=1&nonce_order=desc&offset=1&safes=\(other.checksummed)%3A\(second.chainID)",
                    "links under /queue, without a trailing slash: \(descending.json)")
            let listed = try await server.send("GET", "/queue/api/v1/safes/\(other.checksummed)/multisig-transactions?chainId=\(second.chainID)")
            #expect(listed.json["count"] == .number("2"))
            #expect(try await server.send("GET", "/queue/api/v1/safes/\(other.checksummed)/multisig-transactions").status == 400, "the chain is required")

            // Delegates: POST once (409 again), PATCH renames, DELETE with the delegate in the body; per chain.
            let delegate = PrivateKey.generate().address
            let proof = try Self.signed(ServiceAuthorization.delegateDigest(delegate: delegate, chainID: second.chainID, totp: ServiceAuthorization.totp(at: Date())), o4)
            func delegateBody(_ label: String) -> String {
                #"{"chainId": \#(second.chainID), "safe": "\#(other.checksummed)", "delegate": "\#(delegate.checksummed)", "delegator": "\#(o4.address.checksummed)", "signature": "\#(proof)", "label": "\#(label)"}"#
            }
            #expect(try await server.send("POST", "/queue/api/v1/delegates", delegateBody("ops")).status == 201)
            #expect(try await server.send("POST", "/queue/api/v1/delegates", delegateBody("ops")).status == 409)
            #expect(try await server.send("PATCH", "/queue/api/v1/delegates", delegateBody("treasury ops")).status == 200)
            let delegates = try await server.send("GET", "/queue/api/v1/delegates?chainId=\(second.chainID)&delegate=\(delegate.checksummed)")
            #expect(delegates.json["results"]?.arrayValue?.map { $0["label"] } == [.string("treasury ops")], "\(delegates.json)")
            #expect(try await server.send("GET", "/queue/api/v1/delegates?chainId=\(devnet.chainID)&delegate=\(delegate.checksummed)").json["count"] == .number("0"),
                    "the first chain has none")
            #expect(try await server.send("DELETE", "/queue/api/v1/delegates", delegateBody("treasury ops")).status == 204)
            #expect(try await server.send("PATCH", "/queue/api/v1/delegates", delegateBody("again")).status == 404)

            // Bifrost's own client, given the server's /queue URL, speaks the Queue Service API.
            let client = SafeServiceRemote(network: LiveNetwork.shared, baseURL: server.url.appendingPathComponent("queue"))
            #expect(client.isQueue)
            let third = SafeTx(safe: other, chainID: second.chainID, version: .v1_4_1, to: f.owners[0], value: 4, nonce: 2)
            let thirdHash = try third.hash()
            try await client.propose(third, safeTxHash: thirdHash, sender: o4.address, signature: try SafeSignature.sign(safeTxHash: thirdHash, with: o4).bytes)
            try await client.confirm(safeTxHash: thirdHash, signature: try SafeSignature.sign(safeTxHash: thirdHash, with: o5).bytes)
            let listing = try await client.pending(safe: other, nonce: 0, chainID: second.chainID, version: .v1_4_1)
            #expect(listing.setAside.isEmpty && listing.transactions.map(\.transaction.nonce) == [0, 1, 2], "\(listing.setAside)")
            #expect(listing.transactions.last?.confirmations.count == 2)
            let note = SafeMessage(safe: other, chainID: second.chainID, version: .v1_4_1, content: .text("queue policy \(UUID().uuidString)"))
            let noteHash = try note.hash()
            try await client.proposeMessage(safe: other, chainID: second.chainID, ServiceWireMessageProposal(
                content: note.content, signature: try SafeSignature.sign(safeTxHash: noteHash, with: o4).bytes, safeAppID: nil, origin: "queue test"))
            try await client.signMessage(messageHash: noteHash, signature: try SafeSignature.sign(safeTxHash: noteHash, with: o5).bytes)
            let read = try await client.message(noteHash, safe: other, chainID: second.chainID, version: .v1_4_1)
            #expect(read?.confirmations.count == 2)
            #expect(try await client.messages(safe: other, chainID: second.chainID, version: .v1_4_1).messages.count == 1)
            #expect(try await server.send("GET", "/queue/api/v1/safes/\(f.safe.checksummed)/messages?chainId=\(devnet.chainID)").json["count"] == .number("0"),
                    "the first chain's Safe has no messages")
        }
    }
}
