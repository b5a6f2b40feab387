@testable import BifrostCLI
import Foundation
import Synchronization
import Testing

/// Progress is for a person at a terminal: a script reading standard error sees one error line.
@Suite("Progress output")
struct ProgressOutputTests {
    @Test("a failing send prints one error line on stderr, with its progress going only to a progress sink")
    func progressOnlyToItsSink() async throws {
        // Given a home with a key and a node that is down
        setenv("BIFROST_INSECURE_LIGHT_KDF", "1", 1)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-progress-\(UUID().uuidString)").path
        let password = try temporaryFile("pw\n"), key = try temporaryFile(TxCommandTests.eip155Key + "\n")
        defer { for p in [home, password, key] { try? FileManager.default.removeItem(atPath: p) } }
        let imported = await runCLI("key", "import", "--name", "k", "--private-key-file", key, "--password-file", password, "--home", home)
        #expect(imported.code == 0, "\(imported.err)")
        let send = ["send", "--key", "k", "--to", "0x3535353535353535353535353535353535353535", "--value", "1wei",
                    "--password-file", password, "--home", home, "--rpc-url", "http://127.0.0.1:9"]

        // When it runs with a console that shows progress, as on a terminal
        let err = Mutex<[String]>([]), progress = Mutex<[String]>([])
        let console = Console(out: { _ in }, err: { l in err.withLock { $0.append(l) } }, progress: { l in progress.withLock { $0.append(l) } })
        let code = await Console.$current.withValue(console) { await BifrostMain.run(arguments: send) }

        // Then the error is the only stderr line, and the progress went to its own sink
        #expect(code == 1)
        #expect(err.withLock { $0 }.count == 1 && err.withLock { $0 }.first?.hasPrefix("error: cannot reach") == true, "\(err.withLock { $0 })")
        #expect(progress.withLock { $0 } == ["Checking chain, balance, nonce and fees…"])

        // And a console without a progress sink (a pipe, a log) shows the same single line
        let piped = await withArguments(send)
        #expect(piped.code == 1 && piped.err.count == 1, "\(piped.err)")
    }
}
