/// Ledger's framing of APDUs over USB HID: each report carries the channel (2 bytes), the tag 0x05
/// and a 2-byte sequence number; the first also carries the APDU's 2-byte length. The last report is
/// padded with zeros, as ledgerblue does.
public enum LedgerHIDFraming {
    /// The channel the host uses.
    public static let channel: UInt16 = 0x0101
    /// The tag of an APDU frame.
    public static let tag: UInt8 = 0x05
    /// A HID report's size on every Ledger.
    public static let packetSize = 64

    /// The reports that carry `apdu` (without HID's leading report id).
    public static func wrap(apdu: [UInt8], channel: UInt16 = channel, packetSize: Int = packetSize) -> [[UInt8]] {
        precondition(packetSize > 7 && apdu.count <= Int(UInt16.max), "a report holds its header, an APDU at most 65535 bytes")
        var reports = [[UInt8]]()
        var body = [UInt8(apdu.count >> 8), UInt8(apdu.count & 0xFF)] + apdu
        var sequence: UInt16 = 0
        repeat {
            var report = [UInt8(channel >> 8), UInt8(channel & 0xFF), tag, UInt8(sequence >> 8), UInt8(sequence & 0xFF)]
            let take = min(packetSize - report.count, body.count)
            report += body.prefix(take)
            body.removeFirst(take)
            report += [UInt8](repeating: 0, count: packetSize - report.count)
            reports.append(report)
            sequence &+= 1
        } while !body.isEmpty
        return reports
    }

    /// An answer's bytes (data and status word) reassembled from `reports`; every report must be used.
    public static func unwrap(reports: [[UInt8]], channel: UInt16 = channel, packetSize: Int = packetSize) throws(LedgerError) -> [UInt8] {
        var reassembler = Reassembler(channel: channel, packetSize: packetSize)
        for (index, report) in reports.enumerated() {
            if let answer = try reassembler.append(report) {
                guard index == reports.count - 1 else { throw .malformedAnswer("HID reports after the answer's end") }
                return answer
            }
        }
        throw .disconnected
    }

    /// Collects an answer one report at a time, as they are read from the device.
    public struct Reassembler: Sendable {
        let channel: UInt16
        let packetSize: Int
        private var sequence: UInt16 = 0
        private var expected: Int?
        private var collected = [UInt8]()

        /// A reassembler for answers on `channel` in reports of `packetSize` bytes.
        public init(channel: UInt16 = LedgerHIDFraming.channel, packetSize: Int = LedgerHIDFraming.packetSize) {
            self.channel = channel
            self.packetSize = packetSize
        }

        /// Takes the next report; returns the whole answer once its last report is in.
        public mutating func append(_ report: [UInt8]) throws(LedgerError) -> [UInt8]? {
            let header = expected == nil ? 7 : 5
            guard report.count >= header else { throw .malformedAnswer("a HID report of \(report.count) bytes") }
            guard UInt16(report[0]) << 8 | UInt16(report[1]) == channel else { throw .malformedAnswer("a HID report on another channel") }
            guard report[2] == tag else { throw .malformedAnswer("a HID report with tag \(report[2])") }
            guard UInt16(report[3]) << 8 | UInt16(report[4]) == sequence else {
                throw .malformedAnswer("HID report \(UInt16(report[3]) << 8 | UInt16(report[4])) where \(sequence) was due")
            }
            if expected == nil { expected = Int(report[5]) << 8 | Int(report[6]) }
            let length = expected ?? 0
            let body = report[header..<min(report.count, packetSize)]
            collected += body.prefix(length - collected.count)
            sequence &+= 1
            return collected.count == length ? collected : nil
        }
    }
}
