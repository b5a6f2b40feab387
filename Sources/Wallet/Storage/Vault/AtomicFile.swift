import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a crash leaves either the old or the new contents, never a mix:
/// a temporary file in the same directory, created 0600, fsynced, renamed over the target,
/// then the directory fsynced so the rename itself is durable.
enum AtomicFile {
    static func replace(_ url: URL, with bytes: [UInt8], mode: mode_t = 0o600) throws(StorageError) {
        let dir = url.deletingLastPathComponent().path
        let temp = dir + "/." + url.lastPathComponent + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw StorageError("cannot create \(temp): \(String(cString: strerror(errno)))") }
        var ok = fchmod(fd, mode) == 0
        ok = ok && bytes.withUnsafeBytes { buf in
            var offset = 0
            while offset < buf.count {
                let n = write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        ok = close(fd) == 0 && ok
        guard ok, rename(temp, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw StorageError("cannot write \(url.path): \(reason)")
        }
        syncDirectory(dir)
    }

    static func syncDirectory(_ path: String) {
        let dfd = open(path, O_RDONLY)
        guard dfd >= 0 else { return }
        fsync(dfd)
        close(dfd)
    }
}
