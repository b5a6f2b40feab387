import AppCore
@testable import BifrostDashboard
import Foundation
import Testing

/// The dashboard words the core's typed errors for its own buttons and pages, never the CLI's
/// flags; what it has no words for shows as the error describes itself.
@MainActor
@Suite("Dashboard: error wording")
struct ErrorWordingTests {
    static let stranger = try! Address("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65")

    @Test("a Safe that is not followed names the Add Safe button; no network names Settings, not --rpc-url")
    func namesButtons() {
        let unknown = ErrorWording.text(for: FeatureError(SafeError.unknownSafe(Self.stranger)))
        #expect(unknown.contains(Self.stranger.checksummed) && unknown.contains("Add Safe"), "\(unknown)")
        let network = ErrorWording.text(for: FeatureError(ChainError.noNetwork))
        #expect(network.contains("Settings") && !network.contains("--rpc-url") && !network.contains("--network"), "\(network)")
        let missing = ErrorWording.text(for: FeatureError(SafeError.notEnoughSignatures(have: 1, need: 3, missing: [Self.stranger])))
        #expect(missing.contains("1 of 3") && missing.contains(Self.stranger.checksummed) && missing.contains("Export file"), "\(missing)")
        let key = ErrorWording.text(for: FeatureError(VaultError.notFound("grebe")))
        #expect(key.contains("'grebe'") && key.contains("Settings") && !key.contains("bifrost key list"), "\(key)")
    }

    @Test("an error without dashboard words shows its own description, unchanged")
    func fallsBack() {
        let draft = SafeIntentDraftError.missing("recipient")
        #expect(ErrorWording.text(for: FeatureError(draft)) == draft.description)
        #expect(ErrorWording.text(for: FeatureError(.phraseMismatch(position: 4))) == FeatureProblem.phraseMismatch(position: 4).description)
    }

    @Test("a page shows the feature's error in the dashboard's words, escaped")
    func pageShowsWording() {
        var state = SafeList.State()
        state.error = FeatureError(SafeError.unknownSafe(Self.stranger))
        let html = SafeListScreen.render(state, RenderContext(pageID: "7-1", csrf: "c5rf", keys: [])).rendered
        #expect(html.contains("role=\"alert\">\(Self.stranger.checksummed) is not followed here; add it first with Add Safe on the Safes page</p>"), "\(html)")
    }

    @Test("the Transaction Service note says what was listed, set aside, or could not be read, in the dashboard's words")
    func serviceNote() {
        let listed = SafeDetail.ServiceNote(host: "tx.example", transactions: .success(.init(pending: 2, setAside: 1)), messagesSetAside: .success(0))
        #expect(SafeQueueSection.serviceNote(listed) == "2 pending at tx.example; 1 set aside: they do not verify")
        let failed = SafeDetail.ServiceNote(host: "tx.example", transactions: .failure(FeatureError(ChainError.noNetwork)),
                                            messagesSetAside: .success(3))
        let text = SafeQueueSection.serviceNote(failed)
        #expect(text.hasPrefix("tx.example could not be read: no network selected") && text.contains("Settings") && text.hasSuffix("; 3 message entries set aside"),
                "\(text)")
    }
}
