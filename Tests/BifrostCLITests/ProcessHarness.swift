import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How one real `bifrost` process ended.
struct ProcessOutcome: Sendable {
    let arguments: [String]
    /// The exit status, or -1 when a signal ended it.
    let status: Int32
    /// The signal that ended it (SIGKILL when the test killed it), else nil.
    let signal: Int32?
    let stdout: String
    let stderr: String
    let seconds: Double
    /// It outlived the harness's time limit and was killed for it.
    let timedOut: Bool

    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    /// Standard output parsed as JSON, when it is.
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] }
    var summary: String {
        "bifrost \(arguments.joined(separator: " ")) → \(timedOut ? "timed out, " : "")\(signal.map { "signal \($0)" } ?? "exit \(status)"); stderr: \(stderr)"
    }
}

/// One spawned `bifrost`, started held at a barrier so that several can be released at the same
/// instant, and killable at any moment: the test reaps its children itself (never another
/// process's), so a kill can never reach a recycled pid.
final class ProcessChild: Sendable {
    let arguments: [String]
    let pid: pid_t
    private let state = Mutex<(reaped: Bool, status: Int32)>((false, 0))
    private let out = Mutex<[UInt8]>([])
    private let err = Mutex<[UInt8]>([])
    private let releaseFD: Int32
    private let started = Mutex<ContinuousClock.Instant?>(nil)
    private let drains = Mutex(0)

    /// Spawns `/bin/sh -c 'read _; exec bifrost "$@"'`: the shell waits for `release()`, then becomes bifrost (same pid).
    init(executable: String, arguments: [String], environment: [String: String]) throws {
        self.arguments = arguments
        func pipePair() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            return (fds[0], fds[1])
        }
        let stdin = try pipePair(), stdout = try pipePair(), stderr = try pipePair()
        // The parent's ends must not leak into other children, or their EOF would wait for those.
        for fd in [stdin.write, stdout.read, stderr.read] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        for fd in [stdin.read, stdout.write, stderr.write] { posix_spawn_file_actions_addclose(&actions, fd) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let words = ["/bin/sh", "-c", "read _ && exec \"$0\" \"$@\"", executable] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        guard spawned == 0 else {
            for fd in [stdin.write, stdout.read, stderr.read] { close(fd) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        self.pid = pid
        self.releaseFD = stdin.write
        drain(stdout.read, isStderr: false)
        drain(stderr.read, isStderr: true)
    }

    /// Reads `fd` to EOF on its own thread into stdout's or stderr's buffer, then counts itself done.
    private func drain(_ fd: Int32, isStderr: Bool) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                if isStderr { err.withLock { $0 += buffer[0..<n] } } else { out.withLock { $0 += buffer[0..<n] } }
            }
            close(fd)
            drains.withLock { $0 += 1 }
        }
    }

    /// Lets the process run: the shell reads its line and execs bifrost, whose stdin is then at EOF.
    func release() {
        started.withLock { start in
            guard start == nil else { return }
            start = .now
            _ = "go\n".withCString { write(releaseFD, $0, 3) }
            close(releaseFD)
        }
    }

    /// Ends the process without ever running bifrost: the shell's `read` meets EOF and it exits.
    func abandon() {
        started.withLock { start in
            guard start == nil else { return }
            start = .now
            close(releaseFD)
        }
    }

    /// SIGKILL, unless the process has already been reaped; true if the signal was sent.
    @discardableResult
    func sigkill() -> Bool {
        state.withLock { s in
            guard !s.reaped else { return false }
            return kill(pid, SIGKILL) == 0
        }
    }

    /// Reaps the process if it has ended; true once it has.
    private func poll() -> Bool {
        state.withLock { s in
            if s.reaped { return true }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            s.reaped = true
            s.status = status
            return true
        }
    }

    /// Waits for the end (killing it after `limit`) and for its output to be drained.
    func wait(limit: Duration = .seconds(60)) async -> ProcessOutcome {
        let deadline = ContinuousClock.now + limit
        var timedOut = false
        while !poll() {
            if !timedOut, ContinuousClock.now > deadline {
                timedOut = true
                sigkill()
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        let end = ContinuousClock.now
        // The pipes reach EOF once no process holds their write ends any more.
        for _ in 0..<2_500 where drains.withLock({ $0 }) < 2 { try? await Task.sleep(for: .milliseconds(2)) }
        let s = state.withLock { $0 }
        let exited = (s.status & 0x7f) == 0
        let seconds = started.withLock { $0 }.map { (end - $0) / .seconds(1) } ?? 0
        return ProcessOutcome(arguments: arguments, status: exited ? (s.status >> 8) & 0xff : -1, signal: exited ? nil : s.status & 0x7f,
                              stdout: String(decoding: out.withLock { $0 }, as: UTF8.self),
                              stderr: String(decoding: err.withLock { $0 }, as: UTF8.self), seconds: seconds, timedOut: timedOut)
    }
}

/// Runs the built `bifrost` as real processes.
enum ProcessBifrost {
    /// The binary built next to the test bundle; `BIFROST_TEST_BINARY` points elsewhere (e.g. at a
    /// build of an older commit, to see a test fail there).
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["BIFROST_TEST_BINARY"], !path.isEmpty { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bifrost").path
    }

    static let password = "process-test-password"

    /// The test's environment without any BIFROST_ setting, plus the light KDF, the vault password and a closed rates port.
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BIFROST_") }
        env["BIFROST_INSECURE_LIGHT_KDF"] = "1"
        env["BIFROST_PASSWORD"] = password
        env["BIFROST_RATES_URL"] = "http://127.0.0.1:9"
        // A crashing child would otherwise spend seconds symbolicating its backtrace.
        env["SWIFT_BACKTRACE"] = "enable=no"
        return env
    }

    /// Starts every command held at the barrier, releases them together, and waits for all.
    /// `killAfter[i]`, when given, SIGKILLs process i that many seconds after the release.
    static func together(_ commands: [[String]], killAfter: [Double?] = []) async throws -> [ProcessOutcome] {
        var children: [ProcessChild] = []
        do {
            for command in commands { children.append(try ProcessChild(executable: executable, arguments: command, environment: environment)) }
        } catch {
            // Those already spawned wait at the barrier: end them rather than leave them behind.
            for child in children { child.abandon(); _ = await child.wait() }
            throw error
        }
        for child in children { child.release() }
        let kills = children.enumerated().compactMap { i, child in
            (i < killAfter.count ? killAfter[i] : nil).map { delay in
                Task {
                    try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
                    child.sigkill()
                }
            }
        }
        var outcomes: [ProcessOutcome] = []
        for child in children { outcomes.append(await child.wait()) }
        for k in kills { await k.value }
        return outcomes
    }

    /// Runs one command to its end.
    static func run(_ arguments: [String]) async throws -> ProcessOutcome {
        try await together([arguments])[0]
    }
}
