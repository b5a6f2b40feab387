import BigInt
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// Safe 1.1.1 and 1.0.0 (deployed by `scripts/devnet start --all-versions`) used as they are,
    /// and a 1.1.1 Safe moved to 1.3.0 both ways. The devnet's 1.3.0 singleton is safe-eth-py's only
    /// 1.3.0 build, GnosisSafeL2: the MultiSend upgrade lands on it as "1.3.0", and the migration
    /// names it as the L2 singleton with --singleton, since the deployments list it once.
    @Suite("Integration: Safe 1.1.1 and 1.0.0, and their upgrades")
    struct OldSafeUpgradeTests {
        let devnet = Devnet.shared!
        static let ether = SafeFixture.ether

        private func contracts(_ version: SafeVersion) throws -> SafeContractSet {
            try #require(devnet.safeVersions[version], "the deployments list Safe \(version.rawValue): start the devnet with --all-versions")
        }

        @Test("a 1.1.1 and a 1.0.0 Safe: read without guard, handler or paginated modules; safeTxHash as the contract computes it; a transfer proposed, signed by two and executed",
              arguments: SafeVersion.legacy)
        func oldSafe(version: SafeVersion) async throws {
            let own = try contracts(version)
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let state = try await f.info()
            #expect(state.safe.version == version.rawValue && state.safe.threshold == 2 && state.safe.owners == f.owners)
            #expect(state.safe.fallbackHandler == .zero && state.safe.guardAddress == .zero && state.safe.modules.isEmpty)
            #expect(state.singleton == own.safeSingleton && state.balance.wei == 10 * Self.ether)

            let recipient = PrivateKey.generate().address
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .call(to: recipient, value: Self.ether / 4, data: [], operation: .call), chain: f.first.chain))
            #expect(entry.transaction.version == version)
            let onChain = try await f.remote().call(CallRequest(to: f.safe, data: try entry.transaction.getTransactionHashCall))
            #expect(onChain == entry.safeTxHash, "the domain without chain ID, as the contract hashes it")
            let review = try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: f.first.chain))
            #expect(review.effect.changes.map(\.description) == ["the Safe's balance changes by -0.25 ETH", "\(recipient.checksummed)'s balance changes by +0.25 ETH"],
                    "the after-state of a Safe without simulateAndRevert")

            let paid = try await f.signAndExecute(entry)
            #expect(paid.success == true && paid.entry.status == .executed)
            let got = try await f.first.services.dispatcher.dispatch(FetchBalances(address: recipient, tokens: [], chain: f.first.chain))
            #expect(got.ether.wei == Self.ether / 4)
            #expect(try await f.info().safe.nonce == 1)
        }

        @Test("a 1.1.1 Safe moves to 1.3.0 by changeMasterCopy and setFallbackHandler in one MultiSend: the review names both, and the Safe keeps owners, threshold, nonce and funds, reports 1.3.0 and executes afterwards")
        func upgradeThroughMultiSend() async throws {
            let target = try contracts(.v1_3_0), old = try contracts(.v1_1_1)
            let f = try await SafeFixture(devnet: devnet, version: .v1_1_1)
            defer { f.remove() }
            _ = try await f.run(.call(to: PrivateKey.generate().address, value: Self.ether, data: [], operation: .call))
            let before = try await f.info()
            let upgrade = SafeIntent.upgrade(SafeUpgradeRequest(to: .v1_3_0))
            await #expect(throws: SafeError.upgradeRefused(SafeUpgradeRefusal.nonceNotZero(1).description), "the migration wants a Safe that has executed nothing") {
                try await f.first.services.dispatcher.dispatch(DraftSafeTransaction(
                    safe: f.safe, intent: .upgrade(SafeUpgradeRequest(to: .v1_3_0, l2: true, singleton: target.safeSingleton)), chain: f.first.chain))
            }

            let draft = try await f.first.services.dispatcher.dispatch(DraftSafeTransaction(safe: f.safe, intent: upgrade, chain: f.first.chain))
            #expect(draft.transaction.operation == .delegateCall && draft.summary.hasPrefix("upgrade Safe 1.1.1 to 1.3.0 through MultiSend"))
            let review = try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(draft: draft, chain: f.first.chain))
            let changes = review.effect.changes.map(\.description)
            #expect(changes.contains("the Safe's singleton changes from \(old.safeSingleton!.checksummed) (Safe 1.1.1) to \(target.safeSingleton!.checksummed) (Safe 1.3.0): the Safe will run that contract's code"), "\(changes)")
            #expect(changes.contains("the fallback handler changes from none to \(target.fallbackHandler!.checksummed) (CompatibilityFallbackHandler 1.3.0)"), "\(changes)")

            // The same from the real `bifrost safe upgrade` process: the review, stored nowhere; a release with no path, refused.
            let cli = try await ConfirmationRuleTests.bifrost(["--network", "devnet", "safe", "upgrade", f.safe.checksummed, "--to", "1.3.0", "--dry-run"],
                                                             home: f.first.home)
            #expect(cli.status == 0 && cli.out.contains("CRITICAL: the Safe's singleton changes from \(old.safeSingleton!.checksummed) (Safe 1.1.1)"), "\(cli.out)")
            let refused = try await ConfirmationRuleTests.bifrost(["--network", "devnet", "safe", "upgrade", f.safe.checksummed, "--to", "1.5.0"],
                                                                 home: f.first.home, withErrors: true)
            #expect(refused.status != 0 && refused.out.contains("no upgrade from Safe 1.1.1 to 1.5.0"), "\(refused.out)")
            #expect(try await f.first.services.dispatcher.dispatch(SafeQueueQuery(safe: f.safe, chain: f.first.chain)).entries.isEmpty, "nothing stored")

            let result = try await f.run(upgrade)
            #expect(result.success == true)
            let after = try await f.info()
            #expect(after.safe.version == "1.3.0" && after.singleton == target.safeSingleton && after.safe.fallbackHandler == target.fallbackHandler)
            #expect(after.safe.owners == before.safe.owners && after.safe.threshold == before.safe.threshold)
            #expect(after.safe.nonce == before.safe.nonce + 1 && after.balance == before.balance)

            let paid = try await f.run(.call(to: PrivateKey.generate().address, value: Self.ether, data: [], operation: .call))
            #expect(paid.success == true && paid.entry.transaction.version == .v1_3_0)
            #expect(try await f.info().safe.nonce == before.safe.nonce + 2)

            await #expect(throws: SafeError.upgradeRefused("the Safe is already 1.3.0; only a move to its L2 build remains")) {
                try await f.first.services.dispatcher.dispatch(DraftSafeTransaction(safe: f.safe, intent: upgrade, chain: f.first.chain))
            }
        }

        @Test("a fresh 1.1.1 Safe moves to the 1.3.0 L2 singleton through SafeToL2Migration.migrateFromV111, keeping owners, threshold and funds, and executes afterwards; a 1.0.0 Safe has no upgrade")
        func migrateFromV111() async throws {
            let target = try contracts(.v1_3_0)
            let migration = try #require(try contracts(.v1_4_1).safeToL2Migration)
            let f = try await SafeFixture(devnet: devnet, version: .v1_1_1)
            defer { f.remove() }
            let before = try await f.info()
            let l2 = try #require(target.safeSingleton)
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .upgrade(SafeUpgradeRequest(to: .v1_3_0, l2: true, singleton: l2)), chain: f.first.chain))
            #expect(entry.transaction.to == migration && entry.transaction.operation == .delegateCall)
            #expect(entry.summary.hasPrefix("upgrade Safe 1.1.1 to 1.3.0+L2 through SafeToL2Migration"))
            let review = try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: f.first.chain))
            #expect(review.effect.changes.map(\.kind) == [.singleton, .fallbackHandler], "\(review.effect)")
            let result = try await f.signAndExecute(entry)
            #expect(result.success == true)
            let after = try await f.info()
            #expect(after.safe.version == "1.3.0" && after.singleton == l2 && after.safe.fallbackHandler == target.fallbackHandler)
            #expect(after.safe.owners == before.safe.owners && after.safe.threshold == before.safe.threshold)
            #expect(after.safe.nonce == 1 && after.balance == before.balance)
            let paid = try await f.run(.call(to: PrivateKey.generate().address, value: Self.ether, data: [], operation: .call))
            #expect(paid.success == true)

            let old = try await SafeFixture(devnet: devnet, version: .v1_0_0)
            defer { old.remove() }
            await #expect(throws: SafeError.upgradeRefused(SafeUpgradeRefusal.noPath(from: .v1_0_0, to: .v1_3_0, l2: false).description)) {
                try await old.first.services.dispatcher.dispatch(DraftSafeTransaction(
                    safe: old.safe, intent: .upgrade(SafeUpgradeRequest(to: .v1_3_0)), chain: old.first.chain))
            }
        }

        @Test("a fresh 1.3.0 Safe moves to another 1.3.0 singleton through SafeToL2Migration.migrateToL2 (the devnet's 1.3.0 code deployed again stands in for the L2 build): the review shows the move at the executing nonce, not the migration's nonce refusal",
              .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil, "set BIFROST_REFERENCE_PYTHON (scripts/test does)"))
        func migrateToL2() async throws {
            let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"]!
            let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts").standardized.path
            let script = "import sys; sys.path.insert(0, \(String(reflecting: scripts))); from devnet_lib import accounts, artifacts, deploy; "
                + "from devnet_lib.rpc_client import RpcClient; "
                + "print(deploy.deploy(RpcClient(\(String(reflecting: devnet.rpcURL))), accounts.deployer(), artifacts.load('GnosisSafe_V1_3_0.json')[1], 'another 1.3.0'))"
            let l2 = try Address(try await OnDevnet.SafeLedgerIntegrationTests.run(python, ["-c", script]).trimmingCharacters(in: .whitespacesAndNewlines))
            let f = try await SafeFixture(devnet: devnet, version: .v1_3_0)
            defer { f.remove() }
            let before = try await f.info()
            let entry = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(
                safe: f.safe, intent: .upgrade(SafeUpgradeRequest(to: .v1_3_0, l2: true, singleton: l2)), chain: f.first.chain))
            #expect(entry.summary.hasPrefix("upgrade Safe 1.3.0 to 1.3.0+L2 through SafeToL2Migration"))
            let review = try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: entry.safeTxHash, chain: f.first.chain))
            #expect(review.effect.changes.map(\.kind) == [.singleton], "\(review.effect)")
            let result = try await f.signAndExecute(entry)
            #expect(result.success == true)
            let after = try await f.info()
            #expect(after.singleton == l2 && after.safe.version == "1.3.0" && after.safe.nonce == 1)
            #expect(after.safe.owners == before.safe.owners && after.safe.threshold == before.safe.threshold && after.balance == before.balance)
        }
    }
}
