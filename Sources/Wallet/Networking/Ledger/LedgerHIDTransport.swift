import CHIDAPI
import Dispatch

/// A Ledger on USB HID through hidapi: 64-byte reports framed by LedgerHIDFraming, each written
/// with the leading report id 0. The device's serial number and product name are never read out.
// Unchecked: the hidapi handle is used only on `queue`, one call at a time, and closed in deinit.
public final class LedgerHIDTransport: LedgerTransport, @unchecked Sendable {
    /// Ledger's USB vendor id.
    public static let vendorID: UInt16 = 0x2C97
    /// The usage page of the APDU interface, which macOS reports where the interface number is unreliable.
    static let usagePage: UInt16 = 0xFFA0

    private let device: OpaquePointer
    private let queue = DispatchQueue(label: "bifrost.ledger.hid")
    private let answerTimeout: Duration

    private init(device: OpaquePointer, answerTimeout: Duration) {
        self.device = device
        self.answerTimeout = answerTimeout
    }

    deinit { hid_close(device) }

    /// hidapi's global set-up, done once.
    private static let initialized: Bool = hid_init() == 0

    /// Opens the first Ledger's APDU interface (interface 0, or usage page 0xFFA0 on macOS);
    /// .noDevice when none is connected. `answerTimeout` bounds each exchange, the user's time to confirm included.
    public static func open(answerTimeout: Duration = .seconds(600)) async throws(LedgerError) -> LedgerHIDTransport {
        let device = try await LedgerBlockingCall.run(on: DispatchQueue(label: "bifrost.ledger.hid.open")) { () -> Result<SendableDevice, LedgerError> in
            guard initialized else { return .failure(.transport("hidapi did not initialise: \(errorText(nil))")) }
            guard let path = devicePath() else { return .failure(.noDevice) }
            guard let device = hid_open_path(path) else {
                return .failure(.transport("cannot open the Ledger's USB interface (\(errorText(nil))); on Linux, Ledger's udev rules may be missing"))
            }
            return .success(SendableDevice(pointer: device))
        }
        return LedgerHIDTransport(device: device.pointer, answerTimeout: answerTimeout)
    }

    /// The path of the first Ledger APDU interface, as ledgercomm picks it: interface 0 when there
    /// is one such device, else the one with usage page 0xFFA0, else the first by path.
    static func devicePath() -> String? {
        guard let list = hid_enumerate(vendorID, 0) else { return nil }
        defer { hid_free_enumeration(list) }
        var candidates = [(path: String, interface: Int32, usagePage: UInt16)]()
        var entry: UnsafeMutablePointer<hid_device_info>? = list
        while let info = entry {
            if let path = info.pointee.path { candidates.append((String(cString: path), info.pointee.interface_number, info.pointee.usage_page)) }
            entry = info.pointee.next
        }
        let interfaceZero = candidates.filter { $0.interface == 0 }
        if interfaceZero.count == 1 { return interfaceZero[0].path }
        let byUsage = candidates.filter { $0.usagePage == usagePage }
        let chosen = byUsage.isEmpty ? interfaceZero : byUsage
        return chosen.map(\.path).sorted().first
    }

    /// Writes the APDU's reports, then reads reports until the answer is whole.
    public func exchange(_ apdu: [UInt8]) async throws(LedgerError) -> LedgerAnswer {
        guard apdu.count <= Int(UInt16.max) else { throw .invalidRequest("an APDU of \(apdu.count) bytes") }
        return try await LedgerBlockingCall.run(on: queue) { [self] in
            for report in LedgerHIDFraming.wrap(apdu: apdu) {
                let written = ([0] + report).withUnsafeBufferPointer { hid_write(device, $0.baseAddress, $0.count) }
                guard written >= 0 else { return .failure(.disconnected) }
            }
            let deadline = ContinuousClock.now + answerTimeout
            var reassembler = LedgerHIDFraming.Reassembler()
            var buffer = [UInt8](repeating: 0, count: LedgerHIDFraming.packetSize)
            while ContinuousClock.now < deadline {
                // Short reads, so the deadline is checked while the user reads the device's screen.
                let read = buffer.withUnsafeMutableBufferPointer { hid_read_timeout(device, $0.baseAddress, $0.count, 500) }
                guard read >= 0 else { return .failure(.disconnected) }
                guard read > 0 else { continue }
                do throws(LedgerError) {
                    guard let bytes = try reassembler.append(Array(buffer[0..<Int(read)])) else { continue }
                    guard let answer = LedgerAnswer(dataAndStatus: bytes) else { return .failure(.malformedAnswer("an answer without a status word")) }
                    return .success(answer)
                } catch {
                    return .failure(error)
                }
            }
            return .failure(.transport("no answer within \(answerTimeout)"))
        }
    }

    /// hidapi's last error as text, for `device` or for the library (nil).
    static func errorText(_ device: OpaquePointer?) -> String {
        guard let text = hid_error(device) else { return "unknown error" }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while text[index] != 0, index < 512 {
            if let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: text[index])) { scalars.append(scalar) }
            index += 1
        }
        return String(scalars)
    }

    /// An opened device handed from the opening queue to the transport that owns it from then on.
    struct SendableDevice: @unchecked Sendable {
        let pointer: OpaquePointer
    }
}
