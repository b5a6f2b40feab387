import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes user-requested secret files (exports) as 0600, never overwriting an existing file.
enum SecretFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw InputError(option: "--out", reason: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let ok = bytes.withUnsafeBytes { buf in Foundation.write(fd, buf.baseAddress, buf.count) == buf.count }
        guard ok, fsync(fd) == 0 else { throw InputError(option: "--out", reason: "cannot write \(path)") }
    }
}
