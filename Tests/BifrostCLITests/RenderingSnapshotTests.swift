@testable import BifrostCLI
import BigInt
import Foundation
import Services
import SnapshotTesting
import Testing

/// The human output people read, pinned by snapshots under `__Snapshots__` (review a change with
/// `git diff`; re-record by deleting the file and running the test once).
@Suite("Rendering snapshots")
struct RenderingSnapshotTests {
    static let safe = Safe(
        chainID: 31337, address: try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899"), name: "team", version: "1.4.1",
        owners: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"].map { try! Address($0) },
        threshold: 2, nonce: 7, modules: [], fallbackHandler: try! Address("0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99"),
        guardAddress: .zero, updatedAt: Date(timeIntervalSince1970: 1_763_700_000))
    static let token = TokenBalance(token: try! Address("0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98"), symbol: "BTT", decimals: 18,
                                    raw: BigUInt(1_250) * BigUInt(10).power(16))
    static let rate = Rate(coin: "ethereum", fiat: "usd", price: "3012.75", time: Date(timeIntervalSince1970: 1_763_700_000), stale: true)

    @Test("safe info")
    func safeInfo() {
        let state = SafeState(safe: Self.safe, balance: EtherAmount(wei: BigUInt(2_500_000_000_000_000_000)), tokens: [Self.token])
        let fiat = FiatValue.describe(ether: state.balance.exact(in: .ether), rate: Self.rate)?.line
        assertSnapshot(of: SafeCommand.render(state, fiat: fiat), as: .lines)
    }

    @Test("balance")
    func balance() {
        let b = Balances(address: Self.safe.owners[0], chainID: 31337, ether: EtherAmount(wei: BigUInt(10_001) * BigUInt(10).power(18)),
                         tokens: [Self.token])
        assertSnapshot(of: BalanceCommand.render(b, fiat: FiatValue.describe(ether: b.ether.exact(in: .ether), rate: Self.rate)?.line), as: .lines)
    }

    @Test("rates")
    func rates() {
        let rates = [Rate(coin: "bitcoin", fiat: "usd", price: "91234.5", time: Date(timeIntervalSince1970: 1_763_700_000), stale: false), Self.rate]
        assertSnapshot(of: RatesNowCommand.render(rates), as: .lines)
    }

    @Test("rates history chart")
    func chart() {
        let values = (0..<240).map { i in 3000 + 250 * sin(Double(i) / 18) + Double(i) }
        let text = TerminalChart.render(values: values, first: Date(timeIntervalSince1970: 1_761_100_000),
                                        last: Date(timeIntervalSince1970: 1_763_700_000), unit: "USD")
        assertSnapshot(of: text, as: .lines)
    }
}
