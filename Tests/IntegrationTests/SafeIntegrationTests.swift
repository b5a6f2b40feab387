import BigInt
import Foundation
import Networking
import Services
import TestSupport
import Testing

extension OnDevnet {
    /// The Safe flows against the real Safe 1.4.1 contracts on the local chain.
    @Suite("Integration: Safe multisig on the local chain")
    struct SafeIntegrationTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        @Test("2-of-3 across two homes: propose, sign, export, import, sign, execute; balances, nonce and history follow")
        func twoOfThree() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let recipient = PrivateKey.generate().address
            let before = try await f.info()
            #expect(before.safe.owners == f.owners && before.safe.threshold == 2 && before.safe.nonce == 0)
            #expect(before.safe.version == "1.4.1" && before.balance.wei == 10 * Self.ether)

            let result = try await f.run(.call(to: recipient, value: Self.ether / 4, data: [], operation: .call))
            #expect(result.success == true)
            #expect(result.entry.status == .executed)
            let after = try await f.info(f.second)
            #expect(after.safe.nonce == 1)
            #expect(after.balance.wei == 10 * Self.ether - Self.ether / 4)
            let paid = try await f.second.services.dispatcher.dispatch(FetchBalances(address: recipient, tokens: [], chain: f.second.chain))
            #expect(paid.ether.wei == Self.ether / 4)
            let history = try await f.first.services.dispatcher.dispatch(SafeHistoryQuery(safe: f.safe, chain: f.first.chain))
            #expect(history.map(\.safeTxHash) == [result.entry.safeTxHash])
            #expect(history.first?.success == true && history.first?.transactionHash == result.transaction.hash)
            // The first home learns of the execution from the logs.
            #expect(history.first?.entry?.status == .executed)
        }

        @Test("add owner, remove owner, swap owner and change threshold execute and show in safe info")
        func ownerManagement() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let newcomer = PrivateKey.generate().address
            try #require(try await f.run(.addOwner(newcomer, threshold: 3)).success == true)
            var info = try await f.info()
            #expect(info.safe.owners.count == 4 && info.safe.owners.contains(newcomer) && info.safe.threshold == 3)

            // Threshold 3 now: the helper's two signatures are not enough.
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .removeOwner(newcomer, threshold: 2), chain: f.first.chain))
            _ = try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            let file = try await f.first.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            _ = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
            _ = try await f.second.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner6", password: { "pw" }))
            // owner5 executes and confirms by sending (v = 1): 3 of 3 needed, 2 signed + executor.
            let removed = try await f.second.services.dispatcher.dispatch(ExecuteSafeTransaction(
                safeTxHash: entry.safeTxHash, keyName: "owner5", chain: f.second.chain, wait: true, password: { "pw" }))
            #expect(removed.success == true)
            info = try await f.info()
            #expect(info.safe.owners == f.owners && info.safe.threshold == 2)

            let replacement = PrivateKey.generate().address
            try #require(try await f.run(.swapOwner(old: f.owners[2], new: replacement)).success == true)
            info = try await f.info()
            #expect(info.safe.owners == [f.owners[0], f.owners[1], replacement])

            try #require(try await f.run(.changeThreshold(1)).success == true)
            info = try await f.info()
            #expect(info.safe.threshold == 1 && info.safe.nonce == 4)
        }

        @Test("an ERC-20 transfer from the Safe moves the tokens")
        func tokenTransfer() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let added = try await f.first.services.dispatcher.dispatch(AddToken(address: devnet.testToken, chain: f.first.chain))
            try await f.receiveTestTokens(100 * SafeFixture.ether)
            let recipient = PrivateKey.generate().address
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .tokenTransfer(token: devnet.testToken, to: recipient, amount: "12.5"), chain: f.first.chain))
            // The review sees the token move before anyone signs: its Transfer event, and both balances.
            let review = try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: f.first.chain))
            let token = "\(devnet.testToken.checksummed) (\(added.symbol))"
            #expect(review.events.events.filter { $0.kind == .transfer }.map(\.description)
                    == ["\(token): 12.5 \(added.symbol) moves from the Safe to \(recipient.checksummed) (Transfer)"], "\(review.events)")
            #expect(review.effect.changes.filter { $0.kind == .tokenBalance }.map(\.description)
                    == ["the Safe's balance of \(token) changes by -12.5 \(added.symbol)", "\(recipient.checksummed)'s balance of \(token) changes by +12.5 \(added.symbol)"],
                    "\(review.effect)")
            // Executed by the real process on a terminal: the execution transaction's hash is shown before it is broadcast.
            _ = try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            let file = try await f.first.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            _ = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
            _ = try await f.second.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner5", password: { "pw" }))
            let executed = try await f.executeOnTerminal(entry.safeTxHash, in: f.second, key: "owner5", wait: true)
            let sent = try #require(try await f.second.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: entry.safeTxHash)).entry.executionHash)
            let signedLine = try #require(executed.out.range(of: "Signed the execution transaction \(Hex.encode(sent)); broadcasting it…"), "\(executed.out)")
            let broadcastLine = try #require(executed.out.range(of: "Broadcast; the node accepted it."))
            #expect(executed.status == 0 && signedLine.upperBound < broadcastLine.lowerBound, "\(executed.out)")
            let info = try await f.info()
            #expect(info.tokens.first { $0.token == devnet.testToken }?.raw == 875 * Self.ether / 10)
            let got = try await f.first.services.dispatcher.dispatch(FetchBalances(address: recipient, tokens: [devnet.testToken], chain: f.first.chain))
            #expect(got.tokens.first?.raw == 125 * Self.ether / 10)
        }

        @Test("a MultiSend batch pays two recipients in one Safe transaction")
        func multiSendBatch() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let a = PrivateKey.generate().address, b = PrivateKey.generate().address
            let result = try await f.run(.batch([MultiSendCall(to: a, value: Self.ether), MultiSendCall(to: b, value: 2 * Self.ether)]))
            #expect(result.success == true)
            #expect(result.entry.transaction.operation == .delegateCall)
            for (who, amount) in [(a, Self.ether), (b, 2 * Self.ether)] {
                let got = try await f.first.services.dispatcher.dispatch(FetchBalances(address: who, tokens: [], chain: f.first.chain))
                #expect(got.ether.wei == amount)
            }
            #expect(try await f.info().safe.nonce == 1)
        }

        @Test("execution with too few signatures is refused before anything is signed or sent")
        func tooFewSignatures() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            _ = try await f.first.importDevKey(devnet, index: 7, name: "outsider")
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[1], value: 1, data: [], operation: .call), chain: f.first.chain))
            _ = try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            await #expect(throws: SafeError.notEnoughSignatures(have: 1, need: 2, missing: [f.owners[1], f.owners[2]])) {
                try await f.first.services.dispatcher.dispatch(ExecuteSafeTransaction(
                    safeTxHash: entry.safeTxHash, keyName: "outsider", chain: f.first.chain, wait: true,
                    password: { Issue.record("no password may be asked"); return "pw" }))
            }
            #expect(try await f.first.services.dispatcher.dispatch(ListTransactions(from: devnet.accounts[7].address)).isEmpty)
            #expect(try await f.info().safe.nonce == 0)
            // A non-owner key cannot sign either.
            await #expect(throws: SafeError.notAnOwner(signer: devnet.accounts[7].address, safe: f.safe)) {
                try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "outsider", password: { "pw" }))
            }
        }

        @Test("a non-owner's signature in a file is set aside by name and counts nothing; a file for another chain is rejected on import")
        func importRejections() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[1], value: 1, data: [], operation: .call), chain: f.first.chain))
            let stranger = PrivateKey.generate()
            let forged = try SafeTransactionFile(transaction: entry.transaction,
                                                 signatures: [try SafeSignature.sign(safeTxHash: entry.safeTxHash, with: stranger)])
            let imported = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: forged.json))
            #expect(imported.added.isEmpty && imported.count.confirmed == 0 && imported.entry.signatures.isEmpty)
            #expect(imported.setAside == [SetAsideApproval(owner: stranger.address, reason: .notAnOwner)])
            var otherChain = entry.transaction
            otherChain.chainID = 1
            let elsewhere = try SafeTransactionFile(transaction: otherChain, signatures: [])
            await #expect(throws: SafeError.self) { try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: elsewhere.json)) }
            let queue = try await f.second.services.dispatcher.dispatch(SafeQueueQuery(safe: f.safe, chain: f.second.chain))
            #expect(queue.entries.map(\.safeTxHash) == [entry.safeTxHash] && queue.confirmations(of: queue.entries[0]).confirmed == 0)
        }

        @Test("a node on another chain than the network names is refused before reading the Safe further")
        func chainMismatch() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            _ = try await f.first.services.dispatcher.dispatch(AddNetwork(name: "wrong", rpcURL: devnet.rpcURL, chainID: 1, deployments: nil))
            let wrong = ChainSelection(networkName: "wrong")
            await #expect(throws: ChainError.chainIDMismatch(network: "wrong", expected: 1, actual: devnet.chainID)) {
                try await f.first.services.dispatcher.dispatch(SafeInfoQuery(address: f.safe, chain: wrong))
            }
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .changeThreshold(1), chain: f.first.chain))
            _ = try await f.first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
            await #expect(throws: ChainError.chainIDMismatch(network: "wrong", expected: 1, actual: devnet.chainID)) {
                try await f.first.services.dispatcher.dispatch(ExecuteSafeTransaction(
                    safeTxHash: entry.safeTxHash, keyName: "owner4", chain: wrong, wait: true, password: { "pw" }))
            }
        }

        @Test("safe info reads owners, threshold, nonce, modules, handler, guard and balances in one round trip")
        func infoRoundTrips() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            _ = try await f.first.services.dispatcher.dispatch(AddToken(address: devnet.testToken, chain: f.first.chain))
            f.first.http.reset()
            let info = try await f.info()
            #expect(f.first.http.roundTrips == 1)
            #expect(info.tokens.count == 1 && info.safe.modules.isEmpty && info.safe.guardAddress == .zero)
            #expect(info.safe.fallbackHandler != .zero)
        }

        @Test("a Safe's home (state, balances, history) is one round trip; the queue comes from the home and an executed transaction leaves it")
        func homeRoundTrips() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            _ = try await f.first.services.dispatcher.dispatch(AddToken(address: devnet.testToken, chain: f.first.chain))
            let executed = try await f.run(.call(to: f.owners[2], value: 1, data: [], operation: .call))
            let waiting = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: f.owners[2], value: 2, data: [], operation: .call), chain: f.first.chain))
            f.first.http.reset()
            let home = try await f.first.services.dispatcher.dispatch(SafeHomeQuery(safe: f.safe, chain: f.first.chain))
            #expect(f.first.http.roundTrips == 1)
            #expect(home.state.tokens.count == 1 && home.state.safe.nonce == 1)
            #expect(home.history.map(\.safeTxHash) == [executed.entry.safeTxHash])
            #expect(home.history.first?.entry?.status == .executed, "the first home learns of the execution from the logs")
            #expect(home.queue.map(\.safeTxHash) == [waiting.safeTxHash])
            #expect(home.historyError == nil)
        }
    }
}
