#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import Networking
import Synchronization
import Testing

/// A one-connection server on 127.0.0.1 that speaks speculos's APDU framing, run by a script of
/// what it does with the connection; it records every byte it receives.
final class LoopbackAPDUServer: Sendable {
    let port: Int
    private let listener: Int32
    private let received = Mutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)

    /// What the server can do with its client.
    struct Connection {
        let fd: Int32
        let record: (_ bytes: [UInt8]) -> Void
        /// Reads exactly `count` bytes; nil at end of stream.
        func read(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var got = 0
            while got < count {
                let n = bytes[got...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return nil }
                got += n
            }
            record(bytes)
            return bytes
        }
        /// Reads one framed APDU: the 4-byte length, then the APDU.
        func readAPDU() -> [UInt8]? {
            guard let header = read(4) else { return nil }
            return read(Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3]))
        }
        func write(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    init(script: @escaping @Sendable (Connection) -> Void) throws {
        let fd = socket(AF_INET, streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound, listen(fd, 1) == 0 else { throw LedgerError.transport("test server") }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        DispatchQueue.global().async { [self] in
            let client = accept(fd, nil, nil)
            if client >= 0 {
                script(Connection(fd: client) { bytes in self.received.withLock { $0 += bytes } })
                _ = close(client)
            }
            done.signal()
        }
    }

    deinit { _ = close(listener) }

    /// Every byte the client sent, once the script has ended.
    func bytesReceived() -> [UInt8] {
        done.wait()
        return received.withLock { $0 }
    }
}

#if canImport(Glibc)
private let streamType = Int32(SOCK_STREAM.rawValue)
#else
private let streamType = SOCK_STREAM
#endif

@Suite("Ledger TCP transport (speculos's APDU port)")
struct LedgerTCPTransportTests {
    @Test("the APDU goes out as 4-byte length + APDU; the answer is read as 4-byte length N, N data bytes, the status word")
    func exactBytes() async throws {
        let server = try LoopbackAPDUServer { connection in
            for _ in 0..<2 {
                guard connection.readAPDU() != nil else { return }
                // The answer arrives in pieces, as TCP may deliver it: length, part of the data, the rest.
                connection.write([0, 0, 0, 3, 0xAA])
                usleep(20_000)
                connection.write([0xBB, 0xCC, 0x90])
                usleep(20_000)
                connection.write([0x00])
            }
        }
        let transport = try await LedgerTCPTransport.connect(host: "127.0.0.1", port: server.port)
        let apdu: [UInt8] = [0xE0, 0x06, 0x00, 0x00, 0x00]
        #expect(try await transport.exchange(apdu) == LedgerAnswer(data: [0xAA, 0xBB, 0xCC], status: 0x9000))
        let long = [0xE0, 0x08, 0x00, 0x00, 0xFF] + [UInt8](repeating: 0x42, count: 255)
        #expect(try await transport.exchange(long) == LedgerAnswer(data: [0xAA, 0xBB, 0xCC], status: 0x9000))
        withExtendedLifetime(transport) {}
        #expect(server.bytesReceived() == [0, 0, 0, 5] + apdu + [0, 0, 1, 4] + long)
    }

    @Test("a status word with no data: N is 0, and the two bytes still follow")
    func statusOnly() async throws {
        let server = try LoopbackAPDUServer { connection in
            _ = connection.readAPDU()
            connection.write([0, 0, 0, 0, 0x69, 0x85])
        }
        let transport = try await LedgerTCPTransport.connect(host: "127.0.0.1", port: server.port)
        #expect(try await transport.exchange([0xB0, 0x01, 0x00, 0x00, 0x00]) == LedgerAnswer(data: [], status: 0x6985))
        _ = server.bytesReceived()
    }

    @Test("a refused connection is .noDevice")
    func refused() async throws {
        // A port that was just free: bound, its number read, closed again without listening.
        let fd = socket(AF_INET, streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        _ = close(fd)
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        await #expect(throws: LedgerError.noDevice) { try await LedgerTCPTransport.connect(host: "127.0.0.1", port: port) }
    }

    @Test("a connection closed before or during the answer is .disconnected, and stays so")
    func closed() async throws {
        let beforeAnswer = try LoopbackAPDUServer { connection in _ = connection.readAPDU() }
        let transport = try await LedgerTCPTransport.connect(host: "127.0.0.1", port: beforeAnswer.port)
        await #expect(throws: LedgerError.disconnected) { try await transport.exchange([0xE0, 0x06, 0x00, 0x00, 0x00]) }
        await #expect(throws: LedgerError.disconnected) { try await transport.exchange([0xE0, 0x06, 0x00, 0x00, 0x00]) }

        let midAnswer = try LoopbackAPDUServer { connection in
            _ = connection.readAPDU()
            connection.write([0, 0, 0, 10, 1, 2, 3])
        }
        let second = try await LedgerTCPTransport.connect(host: "127.0.0.1", port: midAnswer.port)
        await #expect(throws: LedgerError.disconnected) { try await second.exchange([0xE0, 0x06, 0x00, 0x00, 0x00]) }
    }

    @Test("no answer within the time allowed is a transport error")
    func timeout() async throws {
        let server = try LoopbackAPDUServer { connection in
            _ = connection.readAPDU()
            usleep(500_000)
        }
        let transport = try await LedgerTCPTransport.connect(host: "127.0.0.1", port: server.port, answerTimeout: .milliseconds(100))
        await #expect(throws: LedgerError.transport("no answer within 0.1 seconds")) { try await transport.exchange([0xE0, 0x06, 0x00, 0x00, 0x00]) }
        _ = server.bytesReceived()
    }
}
