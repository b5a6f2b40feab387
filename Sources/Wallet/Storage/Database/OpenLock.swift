import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a small file beside the database, held while a process opens and
/// migrates it. The kernel releases it if the process dies, so a kill -9 never leaves it stuck.
struct OpenLock {
    private let fd: Int32

    /// Waits for the lock on `path`, creating the file (0600) if needed.
    init(path: String) throws(StorageError) {
        let fd = Self.openFile(path, O_RDWR | O_CREAT | O_CLOEXEC)
        guard fd >= 0 else { throw StorageError("cannot open \(path): \(String(cString: strerror(errno)))") }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw StorageError("cannot lock \(path): \(reason)")
            }
        }
        self.fd = fd
    }

    /// Releases the lock.
    func release() {
        close(fd)
    }

    /// `open(2)` with mode 0600; the module's `open` name is taken by `AppDatabase.open`.
    static func openFile(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, 0o600)
        #else
        Darwin.open(path, flags, 0o600)
        #endif
    }
}
