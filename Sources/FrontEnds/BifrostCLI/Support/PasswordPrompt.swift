import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a password from the controlling terminal with echo turned off.
enum PasswordPrompt {
    /// Asks on /dev/tty with echo on, for confirmations; nil without a terminal.
    static func visible(_ prompt: String) -> String? { ask(prompt, echo: true).map { String(decoding: $0, as: UTF8.self) } }

    /// Prompts on /dev/tty without echo; nil when there is no terminal (scripts, CI). What is typed
    /// must be UTF-8, as a secret file must (`SecretInput.typed`).
    static func secret(_ prompt: String) throws -> String? { try ask(prompt, echo: false).map(SecretInput.typed) }

    private static func ask(_ prompt: String, echo: Bool) -> [UInt8]? {
        let fd = open("/dev/tty", O_RDWR)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { return nil }
        var silent = original
        if !echo { silent.c_lflag &= ~tcflag_t(ECHO) }
        _ = prompt.withCString { write(fd, $0, strlen($0)) }
        tcsetattr(fd, TCSAFLUSH, &silent)
        defer {
            tcsetattr(fd, TCSAFLUSH, &original)
            if !echo { _ = "\n".withCString { write(fd, $0, 1) } }
        }
        var bytes = [UInt8]()
        var c: UInt8 = 0
        while read(fd, &c, 1) == 1, c != 0x0a, c != 0x0d { bytes.append(c) }
        return bytes
    }
}
