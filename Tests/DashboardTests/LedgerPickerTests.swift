import AppCore
@testable import BifrostDashboard
import Foundation
import Testing

/// A key on a Ledger is offered in every key picker, marked, with the password optional and the
/// reminder to confirm on the device; with vault keys only, the password stays required.
@MainActor
@Suite("Dashboard: Ledger keys in the pickers")
struct LedgerPickerTests {
    static let time = Date(timeIntervalSince1970: 1_763_700_000)
    static let vault = Account(name: "grebe", address: DashboardHarness.owners[0], kind: .privateKey, derivationPath: nil, createdAt: time)
    static let ledger = Account(name: "hw", address: DashboardHarness.owners[1], kind: .ledger, derivationPath: "m/44'/60'/0'/0/1", createdAt: time)

    @Test("the sign, execute and plain pickers mark the Ledger key and let its password stay empty, saying to confirm on the device")
    func ledgerOffered() {
        let sign = Format.signerFields(KeyChoice.signers(keys: [Self.vault, Self.ledger], owners: [Self.vault.address, Self.ledger.address], signed: [])).rendered
        let execute = Format.executorFields(KeyChoice.executors(keys: [Self.ledger], owners: [Self.ledger.address], balances: nil)).rendered
        let plain = Format.keyFields([Self.vault, Self.ledger]).rendered
        for page in [sign, execute, plain] {
            #expect(page.contains("hw · 0x7099…79C8 · Ledger"), "\(page)")
            #expect(!page.contains("required"), "\(page)")
            #expect(page.contains("confirm on your Ledger"), "\(page)")
        }
        #expect(!sign.contains("grebe · 0xf39F…2266 · Ledger"))
    }

    @Test("with vault keys only, nothing says Ledger and the password is required")
    func vaultOnly() {
        let plain = Format.keyFields([Self.vault]).rendered
        #expect(plain.contains("required"))
        #expect(!plain.contains("Ledger"))
    }
}
