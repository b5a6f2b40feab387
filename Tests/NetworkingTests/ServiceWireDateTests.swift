import EthereumKit
import Foundation
import Networking
import Testing

/// Times as the official service (Django REST Framework) writes them, and read back.
struct ServiceWireDateTests {
    @Test("no fraction on a whole second, else six digits; each reads back to the microsecond")
    func drfForm() throws {
        let whole = Date(timeIntervalSince1970: 1_764_307_390)
        let fraction = Date(timeIntervalSince1970: 1_764_307_390.376)
        #expect(ServiceWireDate.text(whole) == "2025-11-28T05:23:10Z")
        #expect(ServiceWireDate.text(fraction) == "2025-11-28T05:23:10.376000Z")
        #expect(ServiceWireDate.text(Date(timeIntervalSince1970: 1_764_307_390.000_002)) == "2025-11-28T05:23:10.000002Z")
        for date in [whole, fraction] {
            let read = try ServiceWireFields(.object([("at", ServiceWireDate.json(date))])).date("at")
            #expect(abs((read?.timeIntervalSince1970 ?? 0) - date.timeIntervalSince1970) < 0.000_001)
        }
    }
}
