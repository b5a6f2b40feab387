import AppCore
@testable import BifrostDashboard
import BigInt
import Foundation
import SafeKit
import Services
import Testing

@MainActor
@Suite("Dashboard: a Safe not deployed yet")
struct CounterfactualHomeTests {
    @Test("its home says it is not deployed, and still shows its balance, owners and threshold")
    func notDeployed() throws {
        let s = ScreenSnapshotTests.safe
        let initializer = try SafeContract.setupCall(owners: s.owners, threshold: s.threshold, fallbackHandler: .zero)
        let undeployed = Safe(chainID: s.chainID, address: s.address, name: s.name, version: s.version, owners: s.owners, threshold: s.threshold, nonce: 0,
                              modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: s.updatedAt,
                              undeployed: SafeProxyDeployment(factory: s.owners[0], singleton: s.owners[1], initializer: initializer, saltNonce: 1))
        func page(_ safe: Safe) -> String {
            var state = SafeDetail.State(address: safe.address)
            state.snapshot = SafeDetail.Snapshot(info: SafeState(safe: safe, balance: EtherAmount(wei: BigUInt(10).power(18)), tokens: []),
                                                 queue: [], history: [], rate: nil, hiddenTokens: [], messages: [])
            return SafeHomeScreen.render(state, ScreenSnapshotTests.context).rendered
        }
        let html = page(undeployed)
        #expect(html.contains("id=\"not-deployed\"") && html.contains("Not deployed yet"))
        #expect(html.contains("id=\"balance\"") && html.contains("2 of 2"))
        #expect(!page(s).contains("not-deployed"))
    }
}
