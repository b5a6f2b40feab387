import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Safe upgrade plans")
struct SafeUpgradePlanTests {
    static func a(_ n: UInt8) -> Address { try! Address(bytes: [UInt8](repeating: 0, count: 19) + [n]) }
    static let safe = a(0x5a), oldSingleton = a(0x11), singleton = a(0x13), l2Singleton = a(0x23), handler = a(0xf1)
    static let multiSend = a(0x3d), migration = a(0x7e)
    static let target = SafeContractSet(safeSingleton: singleton, safeL2Singleton: l2Singleton, fallbackHandler: handler)

    static func inputs(_ version: SafeVersion, nonce: BigUInt = 3, singleton: Address = oldSingleton,
                       target: SafeContractSet = target) -> SafeUpgradePlan.Inputs {
        .init(safe: safe, version: version, singleton: singleton, nonce: nonce, targetContracts: target, migration: migration, multiSend: multiSend)
    }

    @Test("1.1.1 to 1.3.0: one delegatecall to MultiSend of changeMasterCopy then setFallbackHandler, each a call to the Safe itself")
    func multiSendUpgrade() throws {
        let plan = try SafeUpgradePlan.plan(Self.inputs(.v1_1_1), to: .v1_3_0, l2: false)
        #expect(plan.path == .changeMasterCopy && plan.target == Self.multiSend && plan.singleton == Self.singleton && plan.fallbackHandler == Self.handler)
        let calls = try #require(MultiSend.calls(inCall: plan.data))
        #expect(calls == [MultiSendCall(to: Self.safe, data: SafeUpgradeCalls.changeMasterCopy(Self.singleton)),
                          MultiSendCall(to: Self.safe, data: SafeUpgradeCalls.setFallbackHandler(Self.handler))])
        #expect(Hex.encode(Array(calls[0].data.prefix(4))) == "0x7de7edef" && Hex.encode(Array(calls[1].data.prefix(4))) == "0xf08a0323")
        #expect(plan.summary == "upgrade Safe 1.1.1 to 1.3.0 through MultiSend: singleton \(Self.singleton.checksummed), fallback handler \(Self.handler.checksummed)")
    }

    @Test("to L2, only at nonce 0 as the migration contract requires: 1.1.1 through migrateFromV111 with the handler; 1.3.0 and 1.4.1 through migrateToL2")
    func migrations() throws {
        #expect(throws: SafeUpgradeRefusal.nonceNotZero(4)) { try SafeUpgradePlan.plan(Self.inputs(.v1_1_1, nonce: 4), to: .v1_4_1, l2: true) }
        let fromOld = try SafeUpgradePlan.plan(Self.inputs(.v1_1_1, nonce: 0), to: .v1_4_1, l2: true)
        #expect(fromOld.path == .migrateFromV111 && fromOld.target == Self.migration && fromOld.singleton == Self.l2Singleton)
        #expect(fromOld.data == SafeUpgradeCalls.migrateFromV111(l2Singleton: Self.l2Singleton, fallbackHandler: Self.handler))
        #expect(Hex.encode(Array(fromOld.data.prefix(4))) == "0xd9a20812" && fromOld.release == "1.4.1+L2")
        for version in [SafeVersion.v1_3_0, .v1_4_1] {
            let plan = try SafeUpgradePlan.plan(Self.inputs(version, nonce: 0), to: version, l2: true)
            #expect(plan.path == .migrateToL2 && plan.fallbackHandler == nil)
            #expect(Hex.encode(Array(plan.data.prefix(4))) == "0xef2624ae")
            #expect(throws: SafeUpgradeRefusal.nonceNotZero(1)) { try SafeUpgradePlan.plan(Self.inputs(version, nonce: 1), to: version, l2: true) }
        }
    }

    @Test("refused: what the official contracts do not do, a Safe already there, a missing contract")
    func refusals() {
        #expect(throws: SafeUpgradeRefusal.noPath(from: .v1_0_0, to: .v1_3_0, l2: false)) { try SafeUpgradePlan.plan(Self.inputs(.v1_0_0), to: .v1_3_0, l2: false) }
        #expect(throws: SafeUpgradeRefusal.noPath(from: .v1_0_0, to: .v1_3_0, l2: true)) { try SafeUpgradePlan.plan(Self.inputs(.v1_0_0), to: .v1_3_0, l2: true) }
        #expect(throws: SafeUpgradeRefusal.noPath(from: .v1_1_1, to: .v1_4_1, l2: false)) { try SafeUpgradePlan.plan(Self.inputs(.v1_1_1), to: .v1_4_1, l2: false) }
        #expect(throws: SafeUpgradeRefusal.noPath(from: .v1_3_0, to: .v1_4_1, l2: true)) { try SafeUpgradePlan.plan(Self.inputs(.v1_3_0, nonce: 0), to: .v1_4_1, l2: true) }
        #expect(throws: SafeUpgradeRefusal.noPath(from: .v1_1_1, to: .v1_5_0, l2: true)) { try SafeUpgradePlan.plan(Self.inputs(.v1_1_1, nonce: 0), to: .v1_5_0, l2: true) }
        #expect(throws: SafeUpgradeRefusal.sameRelease(.v1_3_0)) { try SafeUpgradePlan.plan(Self.inputs(.v1_3_0), to: .v1_3_0, l2: false) }
        #expect(throws: SafeUpgradeRefusal.alreadyThere(Self.l2Singleton)) {
            try SafeUpgradePlan.plan(Self.inputs(.v1_3_0, nonce: 0, singleton: Self.l2Singleton), to: .v1_3_0, l2: true)
        }
        #expect(throws: SafeUpgradeRefusal.missingContract("Safe 1.3.0 fallback handler")) {
            try SafeUpgradePlan.plan(Self.inputs(.v1_1_1, target: SafeContractSet(safeSingleton: Self.singleton)), to: .v1_3_0, l2: false)
        }
        var noMigration = Self.inputs(.v1_1_1)
        noMigration.migration = nil
        noMigration.nonce = 0
        #expect(throws: SafeUpgradeRefusal.missingContract("SafeToL2Migration")) { try SafeUpgradePlan.plan(noMigration, to: .v1_3_0, l2: true) }
        #expect(SafeUpgradeRefusal.nonceNotZero(2).description.contains("nonce 0"))
    }

    @Test("the canonical SafeToL2Migration is in the 1.4.1 set under safeToL2Migration, a key deployments files may use")
    func canonicalMigration() {
        #expect(SafeDeployments.canonical(.v1_4_1).safeToL2Migration?.checksummed == "0xfF83F6335d8930cBad1c0D439A841f01888D9f69")
        #expect(SafeContractSet.keys.contains("safeToL2Migration"))
        var set = SafeContractSet()
        set["safeToL2Migration"] = Self.migration
        #expect(set.safeToL2Migration == Self.migration)
        #expect(SafeContractNames().name(SafeDeployments.safeToL2Migration) == "SafeToL2Migration 1.4.1")
    }
}
