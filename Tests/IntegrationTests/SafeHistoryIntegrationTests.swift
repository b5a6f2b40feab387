import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// The home's history on the local chain: what came in, and an execution from another home,
    /// read back from the chain with its page and its record.
    @Suite("Integration: the Safe home's history on the local chain")
    struct SafeHistoryIntegrationTests {
        let devnet = Devnet.shared!

        @Test("ether and tokens in show in units with their sender; an owner swap executed from another home is decoded, stored as executed, and its execution read with executor, block, time and fee")
        func foreignExecution() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            try await f.receiveTestTokens(2505 * SafeFixture.ether / 10)
            let new = PrivateKey.generate().address
            // The second home proposes, signs twice and executes: the first home never stores it.
            let d2 = f.second.services.dispatcher
            let swap = try await d2.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .swapOwner(old: f.owners[2], new: new), chain: f.second.chain))
            for key in ["owner5", "owner6"] {
                _ = try await d2.dispatch(SignSafeTransaction(safeTxHash: swap.safeTxHash, keyName: key, password: { "pw" }))
            }
            let executed = try await d2.dispatch(ExecuteSafeTransaction(safeTxHash: swap.safeTxHash, keyName: "owner5", chain: f.second.chain, wait: true,
                                                                        password: { "pw" }))
            let d1 = f.first.services.dispatcher
            await #expect(throws: (any Error).self) { try await d1.dispatch(SafeTransactionQuery(safeTxHash: swap.safeTxHash)) }

            let home = try await d1.dispatch(SafeHomeQuery(safe: f.safe, chain: f.first.chain))
            #expect(home.historyError == nil)
            let items = home.activity
            #expect(items.count == 3, "\(items)")
            let swapLine = try #require(items.first { $0.safeTxHash == swap.safeTxHash })
            #expect(swapLine.summary?.hasPrefix("swapOwner(") == true, "\(swapLine.summary ?? "nil")")
            if case .multisig(_, let nonce) = swapLine.kind { #expect(nonce == 0) } else { Issue.record("not a multisig line: \(swapLine)") }
            #expect(items.contains { $0.kind == .movement(.incoming, asset: "ETH", assetAddress: nil, amount: "10", counterparty: f.owners[0]) })
            #expect(items.contains { $0.kind == .movement(.incoming, asset: "BTT", assetAddress: devnet.testToken, amount: "250.5",
                                                          counterparty: devnet.accounts[0].address) }, "\(items)")
            #expect(items.allSatisfy { $0.date != nil }, "every line dated from its block")

            let detail = try await d1.dispatch(SafeTransactionQuery(safeTxHash: swap.safeTxHash))
            #expect(detail.entry.status == .executed && detail.entry.transaction == swap.transaction)
            #expect(detail.entry.signatures.isEmpty, "an execution learnt from the chain keeps no signatures: the Safe checked them, and none passed SignatureGate here")
            let record = try #require(try await d1.dispatch(SafeExecutionReportQuery(safeTxHash: swap.safeTxHash, chain: f.first.chain)))
            let receipt = try #require(try await f.remote().transactionReceipt(hash: executed.transaction.hash))
            #expect(record.transactionHash == executed.transaction.hash && record.block == receipt.blockNumber && record.success)
            #expect(record.executor == f.owners[1] && record.fee == receipt.gasUsed * receipt.effectiveGasPrice && record.date != nil)
        }
    }
}
