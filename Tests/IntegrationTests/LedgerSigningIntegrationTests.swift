import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Storage
import Testing

extension OnDevnet {
    /// Keys on a Ledger sign everywhere a vault key does, over the TCP transport, against a
    /// stand-in of the Ethereum app holding the devnet's throwaway mnemonic: a Safe transaction
    /// (EIP-712 by its two hashes, and eth_sign), its execution and a plain send (EIP-1559
    /// transactions), a Safe message; and each refusal of the device arrives as its typed error.
    @Suite("Integration: signing with a Ledger key", .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil,
                                                              "set BIFROST_REFERENCE_PYTHON (scripts/test does)"))
    struct LedgerSigningIntegrationTests {
        let devnet = Devnet.shared!

        /// A home whose Ledger is `device`, with dev account 4 added as the Ledger key "hw" and the fixture's Safe followed.
        static func ledgerHome(_ f: SafeFixture, _ device: LedgerDouble) async throws -> TestWallet {
            let wallet = try await TestWallet(devnet: f.devnet, ledger: device.place)
            let account = try await wallet.services.dispatcher.dispatch(AddLedgerKey(name: "hw", path: try .ethereum(index: 4), verify: false))
            #expect(account.address == f.owners[0] && account.kind == .ledger && account.derivationPath == "m/44'/60'/0'/0/4")
            _ = try await wallet.services.dispatcher.dispatch(AddSafe(address: f.safe, name: "shared", chain: wallet.chain))
            return wallet
        }

        @Test("the Ledger key signs a Safe transaction (EIP-712 hashes), the second owner signs, the Ledger key executes it and sends ether: all on chain")
        func signExecuteSend() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let device = try LedgerDouble()
            defer { device.stop() }
            let wallet = try await Self.ledgerHome(f, device)
            defer { wallet.remove() }
            let d = wallet.services.dispatcher
            let payee = PrivateKey.generate().address
            let entry = try await d.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .call(to: payee, value: SafeFixture.ether, data: [], operation: .call), chain: wallet.chain))
            let signed = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "hw", password: { throw CancellationError() }))
            #expect(signed.signature?.owner == f.owners[0] && signed.signature?.kind == .ecdsa)
            // The device was given the Safe's domain hash and the SafeTx struct hash, nothing else to sign.
            let eip712 = try #require(device.apdus().first { $0.hasPrefix("e00c") })
            #expect(eip712.hasSuffix(Hex.encode(try entry.transaction.domainSeparator()).dropFirst(2) + Hex.encode(try entry.transaction.structHash).dropFirst(2)))

            let file = try await d.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
            _ = try await f.second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
            let second = try await f.second.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner5", password: { "pw" }))
            _ = try await d.dispatch(ImportSafeTransaction(json: try await f.second.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash)).json))
            #expect(second.count.isReady)
            let executed = try await d.dispatch(ExecuteSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "hw", chain: wallet.chain, wait: true,
                                                                       password: { throw CancellationError() }))
            #expect(executed.success == true)
            #expect(executed.transaction.from == f.owners[0])
            #expect(try await f.remote().balance(of: payee) == SafeFixture.ether)
            #expect(device.apdus().contains { $0.hasPrefix("e004") }, "the execution was signed on the device")

            let sent = try await d.dispatch(SendTransaction(keyName: "hw", transfer: .ether(to: payee, wei: SafeFixture.ether / 100), chain: wallet.chain,
                                                            wait: true, password: { throw CancellationError() }))
            #expect(sent.receipt?.status == true)
            #expect(sent.transaction.from == f.owners[0])
            #expect(try await f.remote().balance(of: payee) == SafeFixture.ether + SafeFixture.ether / 100)
        }

        @Test("the Ledger key signs with eth_sign (v 31/32) and signs a Safe message; both count as the owner's")
        func ethSignAndMessage() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let device = try LedgerDouble()
            defer { device.stop() }
            let wallet = try await Self.ledgerHome(f, device)
            defer { wallet.remove() }
            let d = wallet.services.dispatcher
            let entry = try await d.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .changeThreshold(1), chain: wallet.chain))
            let signed = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "hw", ethSign: true, password: { throw CancellationError() }))
            #expect(signed.signature?.kind == .ethSign && signed.signature?.owner == f.owners[0])
            #expect(signed.count.confirmed == 1)

            let message = try await d.dispatch(ProposeSafeMessage(safe: f.safe, content: .text("Sign in to app.example"), keyName: "hw",
                                                                  password: { throw CancellationError() }))
            #expect(message.entry.signatures.map(\.owner) == [f.owners[0]])
        }

        @Test("a refusal on the device and blind signing off stop signing with their own errors, nothing stored, and eth_sign still works; a locked device and another app stop the key being added")
        func refusals() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            for (options, expected) in [(["--reject"], LedgerError.rejected), (["--blind-signing-off"], LedgerError.blindSigningDisabled)] {
                let device = try LedgerDouble(options: options)
                defer { device.stop() }
                let wallet = try await Self.ledgerHome(f, device)
                defer { wallet.remove() }
                let d = wallet.services.dispatcher
                let entry = try await d.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .changeThreshold(1), chain: wallet.chain))
                await #expect(throws: expected) { try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "hw", password: { "" })) }
                #expect(try await d.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash)).signatures.isEmpty, "\(options)")
                if expected == .blindSigningDisabled {
                    let signed = try await d.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "hw", ethSign: true, password: { "" }))
                    #expect(signed.signature?.kind == .ethSign)
                }
            }
            for (options, expected) in [(["--locked"], LedgerError.locked), (["--app", "Bitcoin"], LedgerError.wrongApp("Bitcoin"))] {
                let device = try LedgerDouble(options: options)
                defer { device.stop() }
                let wallet = try await TestWallet(devnet: devnet, ledger: device.place)
                defer { wallet.remove() }
                await #expect(throws: expected) {
                    try await wallet.services.dispatcher.dispatch(AddLedgerKey(name: "hw", path: try .ethereum(index: 4), verify: false))
                }
                #expect(try await wallet.services.dispatcher.dispatch(ListKeys()).isEmpty)
            }
        }

        @Test("the CLI: key add-ledger --verify, key list marks it, safe sign prints the two hashes before the device is asked, sign message and tx sign recover to the key")
        func cli() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let device = try LedgerDouble()
            defer { device.stop() }
            let home = f.first.home
            let run = { (arguments: [String]) in try await OnDevnet.SafeMessageIntegrationTests.cli(["--ledger", device.place] + arguments, home: home, withErrors: true) }
            let added = try await run(["key", "add-ledger", "--name", "hw", "--index", "4", "--verify"])
            #expect(added.status == 0 && added.out.contains(f.owners[0].checksummed), "\(added.out)")
            #expect(device.apdus().contains { $0.hasPrefix("e0020100") }, "--verify shows the address on the device")
            let listed = try await run(["key", "list"])
            #expect(listed.out.split(separator: "\n").contains { $0.hasPrefix("hw ") && $0.contains("ledger") && $0.contains("m/44'/60'/0'/0/4") }, "\(listed.out)")

            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .changeThreshold(1), chain: f.first.chain))
            let signed = try await run(["safe", "sign", Hex.encode(entry.safeTxHash), "--key", "hw"])
            #expect(signed.status == 0, "\(signed.out)")
            #expect(signed.out.contains("domain hash   \(Hex.encode(try entry.transaction.domainSeparator()))"), "\(signed.out)")
            #expect(signed.out.contains("message hash  \(Hex.encode(try entry.transaction.structHash))"), "\(signed.out)")

            let message = try await run(["sign", "message", "gm", "--key", "hw", "--json"])
            let signature = try #require(message.out.split(separator: "\n").last.flatMap { try? JSONParser.parse(String($0)) }?["signature"]?.stringValue)
            #expect(try MessageSigner().recoverSigner(of: .message(Array("gm".utf8)), signature: try Hex.decode(signature)) == f.owners[0])

            let tx = try await run(["tx", "sign", "--chain-id", "1", "--nonce", "7", "--to", f.owners[1].checksummed, "--value", "0.1ether", "--gas-limit", "21000",
                                    "--max-fee-per-gas", "30gwei", "--max-priority-fee-per-gas", "1gwei", "--key", "hw", "--json"])
            #expect(tx.status == 0 && tx.out.contains(f.owners[0].checksummed), "\(tx.out)")
        }
    }
}
