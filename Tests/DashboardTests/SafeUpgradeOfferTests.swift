import AppCore
import BigInt
@testable import BifrostDashboard
import Foundation
import Testing

@Suite("Dashboard: the upgrade offer")
struct SafeUpgradeOfferTests {
    static func state(version: String) -> SafeState {
        let safe = Safe(chainID: 31337, address: DashboardHarness.safeAddress, name: nil, version: version, owners: DashboardHarness.owners,
                        threshold: 2, nonce: 0, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: Date(timeIntervalSince1970: 0))
        return SafeState(safe: safe, balance: EtherAmount(wei: 0), tokens: [])
    }

    @Test("a 1.1.1 Safe's setup offers 1.3.0 as a link to the upgrade's draft review; a 1.0.0 or 1.4.1 Safe is offered none")
    func offer() {
        let setup = SafeHomeScreen.setup(Self.state(version: "1.1.1")).rendered
        #expect(setup.contains("<p id=\"upgrade\">Safe 1.1.1 can be upgraded to 1.3.0"))
        #expect(setup.contains("href=\"/safes/\(DashboardHarness.safeAddress.checksummed)/upgrade/1.3.0\">Review the upgrade</a>"))
        for version in ["1.0.0", "1.4.1"] {
            #expect(!SafeHomeScreen.setup(Self.state(version: version)).rendered.contains("id=\"upgrade\""))
        }
    }

    @Test("the upgrade link's release is read strictly: one Bifrost does not speak is refused")
    func version() throws {
        #expect(try Parse.safeVersion("1.3.0") == .v1_3_0)
        for bad in ["1.2.0", "1.3", "", "../1.3.0"] { #expect(throws: Refusal.self) { try Parse.safeVersion(bad) } }
    }
}
