@testable import BifrostCLI
import BigInt
import CoSigningTestSupport
import Foundation
import Networking
import Services
import Synchronization
import Testing

extension OnDevnet {
    /// Proposers (delegates) managed from the wallet against a real `bifrost serve`: added with the
    /// owner's vault key, listed, proposing as their delegator, removed.
    @Suite("Integration: a Safe's proposers, managed by the wallet on a co-signing server")
    struct SafeDelegateIntegrationTests {
        let devnet = Devnet.shared!

        @Test("an owner adds a Safe-scoped and an owner-wide proposer with labels; both list; each proposes as the owner's proposal without confirming; a stranger is refused; once removed, a proposer is refused")
        func proposers() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(.sqlite, chain: f.first.chain))
            defer { server.stop() }
            let wallet = f.first, dispatcher = f.first.services.dispatcher
            let service = SafeServiceEndpoint(url: server.url, apiKey: nil)
            let bot = PrivateKey.generate(), wide = PrivateKey.generate(), stranger = PrivateKey.generate()
            for (name, key) in [("bot", bot), ("wide", wide), ("stranger", stranger)] {
                _ = try await wallet.services.keys.importPrivateKey(name: name, key: key, password: "pw")
            }
            let owner = f.owners[0]

            // Only an owner gives a proposer: refused here, before any password.
            await #expect(throws: SafeDelegateError.delegatorNotOwner(delegator: stranger.address, safe: f.safe)) {
                try await dispatcher.dispatch(AddSafeDelegate(safe: f.safe, delegate: bot.address, label: "x", keyName: "stranger", service: service,
                                                              chain: wallet.chain, password: { Issue.record("no password for a refusal"); return "pw" }))
            }
            let scoped = try await dispatcher.dispatch(AddSafeDelegate(safe: f.safe, delegate: bot.address, label: "payroll bot", keyName: "owner4",
                                                                       service: service, chain: wallet.chain, password: { "pw" }))
            #expect(scoped.safe == f.safe && scoped.delegator == owner)

            // A delegate proposes: the service takes it as the owner's proposal, and it confirms nothing.
            let first = try await dispatcher.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .call(to: f.owners[1], value: 7, data: [], operation: .call), chain: wallet.chain))
            let sent = try await dispatcher.dispatch(ProposeToServiceWithKey(safeTxHash: first.safeTxHash, keyName: "bot", service: service, password: { "pw" }))
            #expect(sent.sender == bot.address && sent.delegator == owner && sent.owners.isEmpty)
            let stored = try await server.send("GET", "/api/v2/multisig-transactions/\(Hex.encode(first.safeTxHash))/")
            #expect(stored.json["proposer"] == .string(owner.checksummed) && stored.json["proposedByDelegate"] == .string(bot.address.checksummed), "\(stored.json)")
            #expect(stored.json["confirmations"]?.arrayValue?.isEmpty == true, "a proposer's signature is no confirmation")
            #expect(try await dispatcher.dispatch(SafeTransactionQuery(safeTxHash: first.safeTxHash)).entry.signatures.isEmpty,
                    "nor is it stored here as one")

            let ownerWide = try await dispatcher.dispatch(AddSafeDelegate(safe: f.safe, delegate: wide.address, label: "all my Safes", keyName: "owner4",
                                                                          ownerWide: true, service: service, chain: wallet.chain, password: { "pw" }))
            #expect(ownerWide.isOwnerWide)
            let listed = try await dispatcher.dispatch(ListSafeDelegates(safe: f.safe, service: service, chain: wallet.chain))
            #expect(listed.delegates.map(\.delegate) == [bot.address, wide.address])
            #expect(listed.delegates.map(\.label) == ["payroll bot", "all my Safes"] && listed.delegates.map(\.safe) == [f.safe, nil])
            #expect(try await dispatcher.dispatch(ListSafeDelegates(safe: f.safe, delegator: f.owners[1], service: service, chain: wallet.chain)).delegates.isEmpty)

            let second = try await dispatcher.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .call(to: f.owners[1], value: 8, data: [], operation: .call), chain: wallet.chain))
            #expect(try await dispatcher.dispatch(ProposeToServiceWithKey(safeTxHash: second.safeTxHash, keyName: "wide", service: service,
                                                                          password: { "pw" })).delegator == owner)

            // A stranger: refused here by name, and by the service when it tries anyway.
            await #expect(throws: SafeDelegateError.notOwnerOrDelegate(signer: stranger.address, safe: f.safe)) {
                try await dispatcher.dispatch(ProposeToServiceWithKey(safeTxHash: second.safeTxHash, keyName: "stranger", service: service, password: { "pw" }))
            }
            let remote = SafeServiceRemote(network: LiveNetwork.shared, baseURL: server.url)
            let third = try await dispatcher.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .call(to: f.owners[1], value: 9, data: [], operation: .call), chain: wallet.chain))
            do {
                try await remote.propose(third.transaction, safeTxHash: third.safeTxHash, sender: stranger.address,
                                         signature: try SafeSignature.sign(safeTxHash: third.safeTxHash, with: stranger).bytes)
                Issue.record("a stranger must be refused")
            } catch {
                guard case .httpStatus(let status, let body)? = error as? NetworkError else { throw error }
                #expect(status == 422 && body.contains(stranger.address.checksummed), "\(body)")
            }

            // Removed, the Safe-scoped proposer is refused, by the wallet and by the service.
            let removed = try await dispatcher.dispatch(RemoveSafeDelegate(safe: f.safe, delegate: bot.address, keyName: "owner4", service: service,
                                                                           chain: wallet.chain, password: { "pw" }))
            #expect(removed.safe == f.safe && removed.label == "payroll bot")
            #expect(try await dispatcher.dispatch(ListSafeDelegates(safe: f.safe, service: service, chain: wallet.chain)).delegates.map(\.delegate) == [wide.address])
            await #expect(throws: SafeDelegateError.notOwnerOrDelegate(signer: bot.address, safe: f.safe)) {
                try await dispatcher.dispatch(ProposeToServiceWithKey(safeTxHash: third.safeTxHash, keyName: "bot", service: service, password: { "pw" }))
            }
            do {
                try await remote.propose(third.transaction, safeTxHash: third.safeTxHash, sender: bot.address,
                                         signature: try SafeSignature.sign(safeTxHash: third.safeTxHash, with: bot).bytes)
                Issue.record("a removed proposer must be refused")
            } catch {
                guard case .httpStatus(let status, _)? = error as? NetworkError else { throw error }
                #expect(status == 422)
            }
            // The owner-wide one goes by the proposer's own signature.
            #expect(try await dispatcher.dispatch(RemoveSafeDelegate(safe: f.safe, delegate: wide.address, keyName: "wide", service: service,
                                                                     chain: wallet.chain, password: { "pw" })).isOwnerWide)
            #expect(try await dispatcher.dispatch(ListSafeDelegates(safe: f.safe, service: service, chain: wallet.chain)).delegates.isEmpty)
        }

        @Test("the CLI: delegate add, list (labels shown escaped; --json), propose --key as the proposer, remove")
        func commandLine() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(.sqlite, chain: f.first.chain))
            defer { server.stop() }
            let bot = PrivateKey.generate()
            _ = try await f.first.services.keys.importPrivateKey(name: "bot", key: bot, password: "pw")
            let passwordFile = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-pw-\(UUID().uuidString)")
            try Data("pw".utf8).write(to: passwordFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile.path)
            defer { try? FileManager.default.removeItem(at: passwordFile) }
            let common = ["--home", f.first.home.path, "--network", "devnet", "--service-url", server.url.absoluteString]
            let safe = f.safe.checksummed

            let added = await Self.cli(["safe", "delegate", "add", safe, "--delegate", bot.address.checksummed, "--label", "bot\u{202E}gnp",
                                        "--key", "owner4", "--password-file", passwordFile.path] + common)
            #expect(added.code == 0 && added.out.first?.hasPrefix("Added proposer \(bot.address.checksummed)") == true, "\(added)")
            let listed = await Self.cli(["safe", "delegate", "list", safe] + common)
            #expect(listed.out == ["\(bot.address.checksummed)  \"bot[U+202E]gnp\"  this Safe, by \(f.owners[0].checksummed)"], "\(listed)")
            let listing = await Self.cli(["safe", "delegate", "list", safe, "--json"] + common)
            let parsed = try JSONParser.parse(Array(listing.out.joined().utf8))
            #expect(parsed["delegates"]?.arrayValue?.first?["label"] == .string("bot\u{202E}gnp"), "JSON carries the text as it came: \(listing)")

            let proposed = await Self.cli(["safe", "propose", safe, "--to", f.owners[1].checksummed, "--value", "1", "--key", "bot",
                                           "--password-file", passwordFile.path, "--json"] + common)
            let json = try JSONParser.parse(Array(proposed.out.joined().utf8)), sent = json["service"]
            #expect(proposed.code == 0 && sent?["sender"] == .string(bot.address.checksummed) && sent?["delegator"] == .string(f.owners[0].checksummed),
                    "\(proposed)")
            #expect(json["safeTxHash"] == sent?["safeTxHash"] && json["nonce"] != nil, "the proposal's own view stays: \(json)")

            let removed = await Self.cli(["safe", "delegate", "remove", safe, "--delegate", bot.address.checksummed, "--key", "owner4",
                                          "--password-file", passwordFile.path] + common)
            #expect(removed.code == 0, "\(removed)")
            let refused = await Self.cli(["safe", "propose", safe, "--to", f.owners[1].checksummed, "--value", "2", "--key", "bot",
                                          "--password-file", passwordFile.path] + common)
            #expect(refused.code == 1 && refused.err.last?.contains("nor one of its proposers") == true, "\(refused)")
        }

        /// One in-process run of `bifrost` with its lines captured.
        static func cli(_ arguments: [String]) async -> (code: Int32, out: [String], err: [String]) {
            let out = Mutex<[String]>([]), err = Mutex<[String]>([])
            let console = Console(out: { line in out.withLock { $0.append(line) } }, err: { line in err.withLock { $0.append(line) } })
            let code = await Console.$current.withValue(console) { await BifrostMain.run(arguments: arguments) }
            return (code, out.withLock { $0 }, err.withLock { $0 })
        }
    }
}
