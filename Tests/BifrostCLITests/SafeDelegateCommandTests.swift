@testable import BifrostCLI
import Foundation
import Testing

@Suite("bifrost safe delegate: its values and refusals")
struct SafeDelegateCommandTests {
    @Test("--expires takes a date (midnight UTC) or an ISO 8601 time")
    func expiry() throws {
        #expect(try ExpiryValue.parse("2026-12-31").date == Date(timeIntervalSince1970: 1_798_675_200))
        #expect(try ExpiryValue.parse("2026-12-31T18:00:00Z").date == Date(timeIntervalSince1970: 1_798_740_000))
        #expect(throws: InputError.self) { try ExpiryValue.parse("tomorrow") }
    }

    @Test("a bad expiry names --expires, exit 1; propose --key without a service is refused before anything runs, exit 64")
    func refusals() async {
        let safe = "0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899"
        let badDate = await runCLI("safe", "delegate", "add", safe, "--delegate", safe, "--label", "x", "--key", "a", "--expires", "tomorrow")
        #expect(badDate.code == 1 && badDate.err.first == "error: --expires: 'tomorrow' is not a date such as 2026-12-31 or 2026-12-31T18:00:00Z")
        let noService = await withArguments(["safe", "propose", safe, "--to", safe, "--value", "1", "--key", "bot"])
        #expect(noService.code == 64 && noService.err.first?.contains("--key sends the proposal to a Transaction Service") == true, "\(noService)")
    }
}
