import AppCore
import Foundation
import Testing

/// The Safe home's Remove links, as served: each opens the new-transaction page already drafting
/// the change, so the owner lands on its review (or on why it cannot be proposed).
@Suite("Dashboard: a module's Remove link")
struct ModuleRemovalPageTests {
    @Test("Remove on a module the chain does not list drafts it at once and says why not; the guard's Remove reaches the review; a bare link opens the setup form")
    func removeLinks() async throws {
        let h = try await DashboardHarness.start()
        let cookie = try await h.cookie()
        let safe = DashboardHarness.safeAddress.checksummed, module = "0x1000000000000000000000000000000000000001"
        // The mock node lists no module: the draft is refused with the dashboard's words, nothing proposed.
        let page = try await h.get("/safes/\(safe)/new?setup=disable-module&address=\(module)", cookie: cookie)
        let id = try #require(DashboardHarness.pageID(page.body))
        try await h.settled(id, cookie: cookie)
        let main = try await h.get("/p/\(id)/main", cookie: cookie).body
        #expect(main.contains("is not an enabled module of this Safe") && main.contains("Modules and guard"), "\(main)")
        #expect(main.contains("value=\"\(module)\""), "the form keeps the module to correct it")

        let removal = try await h.get("/safes/\(safe)/new?setup=set-guard&address=0x0", cookie: cookie)
        let removalID = try #require(DashboardHarness.pageID(removal.body))
        try await h.settled(removalID, cookie: cookie)
        let review = try await h.get("/p/\(removalID)/main", cookie: cookie).body
        #expect(review.contains("id=\"draft-notice\"") && review.contains("remove the transaction guard"), "\(review)")

        let form = try await h.get("/safes/\(safe)/new?setup=set-fallback-handler", cookie: cookie).body
        #expect(form.contains("<option value=\"set-fallback-handler\" selected>") && !form.contains("id=\"draft-notice\""))
        await h.stop()
    }
}
