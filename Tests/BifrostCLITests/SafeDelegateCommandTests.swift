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

    // propose --key's refusal without a service is shown by hand only: the grammar fuzz sets BIFROST_SAFE_SERVICE_URL for the whole process.
    @Test("a bad expiry names --expires, exit 1")
    func badExpiry() async {
        let safe = "0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899"
        let badDate = await runCLI("safe", "delegate", "add", safe, "--delegate", safe, "--label", "x", "--key", "a", "--expires", "tomorrow")
        #expect(badDate.code == 1 && badDate.err.first == "error: --expires: 'tomorrow' is not a date such as 2026-12-31 or 2026-12-31T18:00:00Z")
    }
}
