@testable import BifrostCLI
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// The chain reorganises under the co-signing server: the local chain reverts to a snapshot and
    /// mines other blocks in place of those that held an execution.
    @Suite("Integration: the co-signing server through a reorganisation")
    struct CoSigningReorgTests {
        let devnet = Devnet.shared!

        /// One JSON-RPC call to the local chain, for its test methods.
        func rpc(_ method: String, _ params: String = "[]") async throws -> JSONValue {
            let body = #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#
            let response = try await LiveNetwork.shared.send(HTTPRequest(method: "POST", url: URL(string: devnet.rpcURL)!,
                                                                         headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
            let json = try JSONParser.parse(response.body)
            return try #require(json["result"], "\(method): \(response.bodyText)")
        }

        @Test("an execution dropped by a reorganisation is pending again, with REORG_DETECTED and PENDING announced after EXECUTED, on every database",
              arguments: CoSigningFollowerTests.databases)
        func droppedExecution(_ database: CoSigningDatabase) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            defer { CoSigningFollowerTests.remove(database) }
            let server = try await f.first.services.serving(database: database, chain: f.first.chain)
            let (o4, o5) = (devnet.accounts[4].key, devnet.accounts[5].key)
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[2], value: 21, data: [], operation: .call), chain: f.first.chain))
            let hash = entry.safeTxHash
            _ = try await server.dispatch(ProposeServedTransaction(CoSigningProposal(fields: entry.transaction, statedHash: hash, sender: o4.address,
                                                                                  signature: try SafeSignature.sign(safeTxHash: hash, with: o4).bytes,
                                                                                  origin: nil)))
            _ = try await server.dispatch(ConfirmServedTransaction(safeTxHash: hash, signature: try SafeSignature.sign(safeTxHash: hash, with: o5).bytes))
            _ = try await server.dispatch(FollowServedChain())

            guard case .string(let snapshot) = try await rpc("evm_snapshot") else { Issue.record("no snapshot ID"); return }
            let standing = try await f.remote().blockNumber()
            let executed = try await f.signAndExecute(entry)
            #expect(executed.success == true)
            let read = try await server.dispatch(FollowServedChain())
            #expect(read.executed == 1 && read.rewoundTo == nil)
            let marked = try await server.dispatch(ServedTransactionLookup(safeTxHash: hash))
            #expect(marked.executionHash == executed.transaction.hash)
            #expect(try await server.dispatch(ServedFinality([marked], reorgDepth: 10)).isEmpty, "not final within 10 blocks of the head")
            #expect(try await server.dispatch(ServedFinality([marked], reorgDepth: 0)) == [hash], "final at depth 0: the block was read")
            let lastEvent = try await server.dispatch(LatestServedEventID())

            // The blocks after the snapshot are dropped and others mined at their heights.
            #expect(try await rpc("evm_revert", #"["\#(snapshot)"]"#) == .bool(true))
            _ = try await rpc("anvil_mine", #"["0x3"]"#)
            let reread = try await server.dispatch(FollowServedChain())
            #expect(reread.rewoundTo == standing, "the last block that stands is the snapshot's")
            #expect(reread.executed == 0 && reread.blocks?.lowerBound == standing + 1)
            let back = try await server.dispatch(ServedTransactionLookup(safeTxHash: hash))
            #expect(back.executionHash == nil && back.status == .queued && back.signatures.count == 2)
            let corrections = try await server.dispatch(ServedEventsAfter(id: lastEvent))
            #expect(corrections.map(\.kind) == [.reorgDetected, .pendingMultisigTransaction], "\(corrections.map(\.kind))")
            #expect(corrections.first?.block == standing && corrections.last?.hash == hash)
            let state = try await server.dispatch(ServedSafeState(address: f.safe))
            #expect(state.safe.nonce == 0, "the Safe is read again: its nonce is back to 0")
            #expect(try await server.dispatch(FollowServedChain()).rewoundTo == nil, "the next pass finds nothing more to take back")
        }
    }
}
