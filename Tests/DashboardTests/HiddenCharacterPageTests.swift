import AppCore
@testable import BifrostDashboard
import Foundation
import Testing

/// The dashboard shows outside text as the terminal does: hidden characters as code points.
@Suite("Dashboard: hidden characters in outside text")
struct HiddenCharacterPageTests {
    @Test("an owner's address-book name with a zero-width joiner and a bidi isolate shows them as code points on the Safe's home")
    func ownerName() async throws {
        try await DashboardHarness.with { h in
            let cookie = try await h.cookie()
            let owner = DashboardHarness.owners[1]
            _ = try await h.session.services.dispatcher.dispatch(AddAddressBookEntry(address: owner, name: "Board\u{200D}seat\u{2067}B", chain: h.session.chain))
            let home = try await h.get("/safes/\(DashboardHarness.safeAddress.checksummed)", cookie: cookie)
            #expect(home.status == 200)
            #expect(home.body.contains("Board[U+200D]seat[U+2067]B"), "\(home.body)")
            #expect(!home.body.unicodeScalars.contains { $0 == "\u{200D}" || $0 == "\u{2067}" })
        }
    }

    @Test("a delegatecall with no data reads as one in the decoded call, with no ether sent; a plain call with no data is a transfer")
    func delegatecallWithoutData() throws {
        let target = try Address("0x2f4e0b6c1d8a7e3f5a9b0c1d2e3f4a5b6c7d8e9f")
        let delegate = Format.decoded(CallDecoder().decode(to: target, value: 5, data: [], operation: .delegateCall)).rendered
        #expect(delegate.contains("<strong>delegatecall with no data</strong>") && !delegate.contains("Transfer") && !delegate.contains("ETH"), "\(delegate)")
        let plain = Format.decoded(CallDecoder().decode(to: target, value: 5, data: [], operation: .call)).rendered
        #expect(plain.contains("<strong>Transfer</strong>"), "\(plain)")
    }
}
