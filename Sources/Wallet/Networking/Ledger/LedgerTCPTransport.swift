#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// speculos's APDU port: the host sends a 4-byte big-endian length and the APDU; the emulator
/// answers with a 4-byte big-endian length N, N bytes of data, then the 2-byte status word, which N
/// does not count (speculos/mcu/apdu.py, `forward_to_client`).
public final class LedgerTCPTransport: LedgerTransport {
    private let fd: Int32
    private let queue = DispatchQueue(label: "bifrost.ledger.tcp")
    private let answerTimeout: Duration
    /// The largest answer taken: an APDU answer is at most 64 KiB.
    static let maxAnswer = 0x1_0000

    private init(fd: Int32, answerTimeout: Duration) {
        self.fd = fd
        self.answerTimeout = answerTimeout
    }

    deinit { _ = close(fd) }

    /// Connects to the emulator at `host`:`port`; a refused connection is .noDevice.
    /// `answerTimeout` bounds each exchange, the user's time to confirm included.
    public static func connect(host: String, port: Int, connectTimeout: Duration = .seconds(5),
                               answerTimeout: Duration = .seconds(600)) async throws(LedgerError) -> LedgerTCPTransport {
        let queue = DispatchQueue(label: "bifrost.ledger.tcp.connect")
        let fd = try await LedgerBlockingCall.run(on: queue) { Socket.connect(host: host, port: port, timeout: connectTimeout) }
        return LedgerTCPTransport(fd: fd, answerTimeout: answerTimeout)
    }

    /// Sends one APDU and reads the emulator's answer.
    public func exchange(_ apdu: [UInt8]) async throws(LedgerError) -> LedgerAnswer {
        // The closure holds self, so the socket stays open until the call returns.
        return try await LedgerBlockingCall.run(on: queue) { [self] in
            let timeout = answerTimeout
            let deadline = ContinuousClock.now + timeout
            let result = Self.exchange(apdu, fd: fd, deadline: deadline, timeout: timeout)
            // After a failure the stream is out of step: later exchanges fail as disconnected.
            if case .failure = result { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            return result
        }
    }

    static func exchange(_ apdu: [UInt8], fd: Int32, deadline: ContinuousClock.Instant, timeout: Duration) -> Result<LedgerAnswer, LedgerError> {
        let count = UInt32(apdu.count)
        let frame = [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + apdu
        if let error = Socket.sendAll(fd, frame) { return .failure(error) }
        let header: [UInt8]
        switch Socket.read(fd, count: 4, deadline: deadline, timeout: timeout) {
        case .success(let bytes): header = bytes
        case .failure(let error): return .failure(error)
        }
        let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard length <= maxAnswer else { return .failure(.malformedAnswer("an answer of \(length) bytes")) }
        switch Socket.read(fd, count: length + 2, deadline: deadline, timeout: timeout) {
        case .success(let bytes): return .success(LedgerAnswer(dataAndStatus: bytes)!)
        case .failure(let error): return .failure(error)
        }
    }

    /// The POSIX calls, each mapped to a LedgerError.
    enum Socket {
        static func connect(host: String, port: Int, timeout: Duration) -> Result<Int32, LedgerError> {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = streamType
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0, let first = list else {
                return .failure(.transport("cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
            }
            defer { freeaddrinfo(first) }
            var refused = false
            var lastError: LedgerError = .noDevice
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let info = entry {
                entry = info.pointee.ai_next
                let fd = socket(info.pointee.ai_family, streamType, 0)
                guard fd >= 0 else { lastError = .transport(errorText(errno)); continue }
                switch connect(fd, address: info.pointee.ai_addr, length: info.pointee.ai_addrlen, timeout: timeout) {
                case .success:
                    #if canImport(Darwin)
                    var on: Int32 = 1
                    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                    #endif
                    return .success(fd)
                case .failure(let error):
                    _ = close(fd)
                    if error == .noDevice { refused = true } else { lastError = error }
                }
            }
            return .failure(refused ? .noDevice : lastError)
        }

        /// A non-blocking connect bounded by `timeout`, then the socket back in blocking mode.
        static func connect(_ fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: socklen_t, timeout: Duration) -> Result<Void, LedgerError> {
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            defer { _ = fcntl(fd, F_SETFL, flags) }
            if Glue.connect(fd, address, length) == 0 { return .success(()) }
            let started = errno
            guard started == EINPROGRESS || started == EINTR else { return .failure(connectError(started)) }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds(timeout))
            guard ready > 0 else { return .failure(.transport("no connection within \(timeout)")) }
            var error: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
            return error == 0 ? .success(()) : .failure(connectError(error))
        }

        static func connectError(_ code: Int32) -> LedgerError {
            code == ECONNREFUSED ? .noDevice : .transport(errorText(code))
        }

        static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> LedgerError? {
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glue.send(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return errno == EPIPE || errno == ECONNRESET ? .disconnected : .transport(errorText(errno)) }
                sent += n
            }
            return nil
        }

        /// Exactly `count` bytes before `deadline`; end of stream is .disconnected.
        static func read(_ fd: Int32, count: Int, deadline: ContinuousClock.Instant, timeout: Duration) -> Result<[UInt8], LedgerError> {
            var bytes = [UInt8](repeating: 0, count: count)
            var received = 0
            while received < count {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return .failure(.transport("no answer within \(timeout)")) }
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, milliseconds(left))
                if ready < 0 && errno == EINTR { continue }
                guard ready >= 0 else { return .failure(.transport(errorText(errno))) }
                if ready == 0 { continue }
                let n = bytes[received...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n < 0 && errno == EINTR { continue }
                if n == 0 || (n < 0 && errno == ECONNRESET) { return .failure(.disconnected) }
                guard n > 0 else { return .failure(.transport(errorText(errno))) }
                received += n
            }
            return .success(bytes)
        }

        static func milliseconds(_ duration: Duration) -> Int32 {
            let (seconds, attoseconds) = duration.components
            return Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
        }

        static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

        #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        static let streamType = SOCK_STREAM
        #endif
    }

    /// The system calls, named apart from the methods above that would shadow them.
    enum Glue {
        static func connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
            #if canImport(Glibc)
            Glibc.connect(fd, address, length)
            #else
            Darwin.connect(fd, address, length)
            #endif
        }

        static func send(_ fd: Int32, _ base: UnsafeRawPointer?, _ count: Int) -> Int {
            #if canImport(Glibc)
            Glibc.send(fd, base, count, Int32(MSG_NOSIGNAL))
            #else
            Darwin.send(fd, base, count, 0)
            #endif
        }
    }
}
