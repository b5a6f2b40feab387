import BigInt
import SafeKit
import Services
import Testing

@Suite("Safe setup drafts: modules, guard, handler")
struct SafeSetupDraftTests {
    static let module = try! Address("0x2000000000000000000000000000000000000002")

    @Test("each setup change becomes its intent; 0x0 removes the guard or the handler, never names a module")
    func changes() throws {
        var d = SafeIntentDraft(setup: .enableModule, address: Self.module.checksummed)
        #expect(try d.intent() == .setup(.enableModule(Self.module)))
        d.setupChange = .disableModule
        #expect(try d.intent() == .setup(.disableModule(Self.module)))
        d = SafeIntentDraft(setup: .setGuard, address: "0x0")
        #expect(try d.intent() == .setup(.setGuard(.zero)))
        d = SafeIntentDraft(setup: .setFallbackHandler, address: " \(Self.module.lowercased) ")
        #expect(try d.intent() == .setup(.setFallbackHandler(Self.module)))
        d = SafeIntentDraft(setup: .enableModule, address: "0x0")
        #expect(throws: SafeIntentDraftError.self) { try d.intent() }
        d = SafeIntentDraft(setup: .setGuard, address: "")
        #expect(throws: SafeIntentDraftError.missing("guard")) { try d.intent() }
    }

    @Test("the change names used in links and flags read back to the same change")
    func names() {
        #expect(SafeIntentDraft.SetupChange(rawValue: "disable-module") == .disableModule)
        #expect(SafeIntentDraft.SetupChange.allCases.map(\.rawValue) == ["enable-module", "disable-module", "set-guard", "set-fallback-handler"])
    }
}
