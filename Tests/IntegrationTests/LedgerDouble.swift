import Foundation

/// Tests/Ledger/ethereum_app_double.py on a loopback port: a stand-in for a Ledger running the
/// Ethereum app, speaking speculos's APDU protocol, with the devnet's throwaway mnemonic. Options
/// make it refuse as a real device would (`--reject`, `--blind-signing-off`, `--locked`, `--app NAME`).
final class LedgerDouble {
    let port: Int
    let log: URL
    private let process: Process

    init(options: [String] = []) throws {
        let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] ?? "python3"
        log = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-apdus-\(UUID().uuidString).log")
        let double = ListeningScript.repository.appendingPathComponent("Tests/Ledger/ethereum_app_double.py").path
        let (process, port) = try ListeningScript.start([python, double, "--port", "0", "--log", log.path] + options)
        self.process = process
        self.port = port
    }

    /// The `--ledger` value that reaches it.
    var place: String { "tcp:127.0.0.1:\(port)" }

    /// The APDUs it received, as hex, in order.
    func apdus() -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        process.terminate()
        // Foundation's waitUntilExit can spin on Linux when the child is slow to go: poll, then kill.
        for _ in 0..<50 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<50 where process.isRunning { usleep(50_000) }
        try? FileManager.default.removeItem(at: log)
    }
}
