import Networking
import Testing

@Suite("Ledger HID framing")
struct LedgerFramingTests {
    @Test("an APDU's reports match ledgerblue's wrapCommandAPDU byte for byte")
    func fixedVectors() {
        // ledgerblue.ledgerWrapper.wrapCommandAPDU(0x0101, bytes.fromhex("e006000000"), 64)
        #expect(LedgerHIDFraming.wrap(apdu: bytes("e006000000")) == [bytes("01010500000005e006000000" + String(repeating: "00", count: 52))])
        // ... and of bytes(range(100)): 57 bytes in the first report, 43 and padding in the second.
        let hundred = (0..<100).map { UInt8($0) }
        #expect(LedgerHIDFraming.wrap(apdu: hundred) == [
            bytes("01010500000064000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738"),
            bytes("0101050001393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f6061626300000000000000000000000000000000"),
        ])
    }

    @Test("wrap then unwrap gives back every length, across report boundaries")
    func roundTrips() throws {
        for length in [0, 1, 2, 56, 57, 58, 59, 115, 116, 117, 118, 300, 4000] {
            let apdu = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let reports = LedgerHIDFraming.wrap(apdu: apdu)
            #expect(reports.allSatisfy { $0.count == 64 })
            #expect(reports.count == (length + 2 + 58) / 59)
            #expect(try LedgerHIDFraming.unwrap(reports: reports) == apdu)
        }
    }

    @Test("a report on another channel, with another tag, or out of sequence is a typed error; a missing one is a disconnect")
    func badReports() throws {
        let reports = LedgerHIDFraming.wrap(apdu: (0..<100).map { UInt8($0) })
        var channel = reports
        channel[1][1] = 0x02
        #expect(throws: LedgerError.malformedAnswer("a HID report on another channel")) { try LedgerHIDFraming.unwrap(reports: channel) }
        var tag = reports
        tag[0][2] = 0x02
        #expect(throws: LedgerError.malformedAnswer("a HID report with tag 2")) { try LedgerHIDFraming.unwrap(reports: tag) }
        var sequence = reports
        sequence[1][4] = 0x02
        #expect(throws: LedgerError.malformedAnswer("HID report 2 where 1 was due")) { try LedgerHIDFraming.unwrap(reports: sequence) }
        #expect(throws: LedgerError.disconnected) { try LedgerHIDFraming.unwrap(reports: [reports[0]]) }
        #expect(throws: LedgerError.malformedAnswer("HID reports after the answer's end")) { try LedgerHIDFraming.unwrap(reports: reports + [reports[1]]) }
    }

    @Test("an answer splits into data and status word")
    func answer() {
        #expect(LedgerAnswer(dataAndStatus: [1, 2, 0x90, 0x00]) == LedgerAnswer(data: [1, 2], status: 0x9000))
        #expect(LedgerAnswer(dataAndStatus: [0x69, 0x85]) == LedgerAnswer(data: [], status: 0x6985))
        #expect(LedgerAnswer(dataAndStatus: [0x90]) == nil)
    }
}
