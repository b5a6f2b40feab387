#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

// The system calls, named apart from the methods below that would shadow them.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
private func sendBytes(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
    #else
    send(fd, buffer.baseAddress, buffer.count, 0)
    #endif
}

/// A TCP connection to a loopback port that sends exactly the bytes a test gives: half a request,
/// two Host headers, an absolute-form target, or nothing at all, as no HTTP client would.
public final class RawConnection {
    private var fd: Int32

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawConnectionError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            closeDescriptor(fd)
            throw RawConnectionError.connect
        }
    }

    deinit { close() }

    /// Sends `text` as it is.
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { sendBytes(fd, $0) }
            guard n > 0 else { throw RawConnectionError.send }
            sent += n
        }
    }

    /// What arrives within `timeout`, stopping early once `until` is seen; `closed` is true when
    /// the server closed the connection (end of stream or reset). It never blocks a thread: the
    /// server under test may be served by the same few threads as the test.
    public func read(timeout: Duration, until: String? = nil) async -> (text: String, closed: Bool) {
        var received = [UInt8]()
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let until, String(decoding: received, as: UTF8.self).contains(until) { return (String(decoding: received, as: UTF8.self), false) }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(5))
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<n]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// The indices of `connections` the server closed: waits up to `within` for the first, then
    /// half a second more for any others.
    public static func closed(among connections: [RawConnection], within: Duration) async -> Set<Int> {
        var closed = Set<Int>()
        var deadline = ContinuousClock.now + within
        var settling = false
        while ContinuousClock.now < deadline {
            for (index, connection) in connections.enumerated() where !closed.contains(index) {
                if await connection.read(timeout: .milliseconds(20)).closed { closed.insert(index) }
            }
            if !closed.isEmpty, !settling {
                settling = true
                deadline = ContinuousClock.now + .milliseconds(500)
            }
        }
        return closed
    }

    /// Closes this side (a FIN to the server), as a browser closing a tab does.
    public func close() {
        guard fd >= 0 else { return }
        closeDescriptor(fd)
        fd = -1
    }

    /// The number of file descriptors this process has open.
    public static func openDescriptors() -> Int {
        #if os(Linux)
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        #else
        (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count) ?? -1
        #endif
    }
}

/// A raw connection that could not be made or used.
public enum RawConnectionError: Error {
    case socket, connect, send
}
