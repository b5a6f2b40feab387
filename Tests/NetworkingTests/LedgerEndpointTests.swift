import Foundation
import Networking
import Testing

@Suite("Ledger endpoints")
struct LedgerEndpointTests {
    @Test("hid, tcp:HOST:PORT and tcp:[IPv6]:PORT parse; their text parses back to them")
    func parsing() throws {
        #expect(try LedgerEndpoint(parsing: "hid") == .hid)
        #expect(try LedgerEndpoint(parsing: "HID") == .hid)
        #expect(try LedgerEndpoint(parsing: "tcp:127.0.0.1:9999") == .tcp(host: "127.0.0.1", port: 9999))
        #expect(try LedgerEndpoint(parsing: "tcp:localhost:40000") == .tcp(host: "localhost", port: 40000))
        #expect(try LedgerEndpoint(parsing: "tcp:[::1]:9999") == .tcp(host: "::1", port: 9999))
        for endpoint: LedgerEndpoint in [.hid, .tcp(host: "127.0.0.1", port: 9999), .tcp(host: "::1", port: 1)] {
            #expect(try LedgerEndpoint(parsing: endpoint.description) == endpoint)
        }
    }

    @Test("anything else is .badEndpoint with the text")
    func bad() {
        for text in ["", "usb", "tcp:", "tcp:127.0.0.1", "tcp:127.0.0.1:", "tcp::9999", "tcp:127.0.0.1:0", "tcp:127.0.0.1:65536",
                     "tcp:127.0.0.1:+99", "tcp:::1:9999", "tcp:[]:9999", "tcp:a b:1", "udp:127.0.0.1:9999"] {
            #expect(throws: LedgerError.badEndpoint(text)) { try LedgerEndpoint(parsing: text) }
        }
    }
}

@Suite("Ledger USB HID transport")
struct LedgerHIDTransportTests {
    /// True when Linux shows no HID device at all, so no Ledger can be connected.
    static var noHIDDevices: Bool {
        #if os(Linux)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).allSatisfy { !$0.hasPrefix("hidraw") }
        #else
        return false
        #endif
    }

    @Test("with no Ledger connected, hidapi enumerates none and opening is .noDevice", .enabled(if: noHIDDevices))
    func noDevice() async {
        await #expect(throws: LedgerError.noDevice) { try await LedgerHIDTransport.open() }
        await #expect(throws: LedgerError.noDevice) { try await LedgerConnector.live(.hid).open() }
    }
}
