@testable import BifrostCLI
import Foundation
import Synchronization
import Testing

/// Global options work before or after the command, `--quiet` leaves only the result, and the shell
/// completion scripts come from the command tree.
@Suite("bifrost: global options anywhere, --quiet, completions")
struct GlobalOptionPlacementTests {
    static func home() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-global-\(UUID().uuidString)").path
    }

    @Test("the options move after the command word only when they lead, and before a '--'")
    func hoisting() {
        #expect(GlobalArguments.hoisted(["--home", "H", "--json", "safe", "info", "0x1"]) == ["safe", "info", "0x1", "--home", "H", "--json"])
        #expect(GlobalArguments.hoisted(["--rpc-url=http://x:1", "--quiet", "util", "to-wei", "--", "-1"])
            == ["util", "to-wei", "--rpc-url=http://x:1", "--quiet", "--", "-1"])
        #expect(GlobalArguments.hoisted(["safe", "info", "--json"]) == ["safe", "info", "--json"])
        #expect(GlobalArguments.hoisted(["--json"]) == ["--json"])
        #expect(GlobalArguments.hoisted(["--home"]) == ["--home"])
        #expect(GlobalArguments.hoisted(["--name", "x", "key", "new"]) == ["--name", "x", "key", "new"])
    }

    @Test("before or after the command, the same output: key list, network list, util keccak, an error")
    func samePlacement() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let pairs: [([String], [String])] = [
            (["--home", home, "--json", "key", "list"], ["key", "list", "--home", home, "--json"]),
            (["--home", home, "network", "list"], ["network", "list", "--home", home]),
            (["--json", "util", "keccak", "--text", "hello"], ["util", "keccak", "--text", "hello", "--json"]),
            (["--home", home, "--network", "nowhere", "balance", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
             ["balance", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--home", home, "--network", "nowhere"]),
        ]
        for (before, after) in pairs {
            let a = await runCLIArray(before), b = await runCLIArray(after)
            #expect(a == b, "\(before)")
            #expect(!a.out.isEmpty || !a.err.isEmpty)
        }
        let json = await runCLIArray(["--home", home, "--json", "key", "list"])
        #expect(json.code == 0 && json.out == [#"{"keys":[]}"#])
        let error = await runCLIArray(["--home", home, "--network", "nowhere", "balance", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"])
        #expect(error.code == 1 && error.err == ["error: no network named 'nowhere' (see 'bifrost network list')"])
    }

    @Test("--quiet drops the hint of an empty list and progress, and keeps results and errors")
    func quiet() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let loud = await runCLIArray(["key", "list", "--home", home])
        #expect(loud.out.first?.hasPrefix("No keys yet.") == true)
        let quiet = await runCLIArray(["--quiet", "key", "list", "--home", home])
        #expect(quiet.code == 0 && quiet.out.isEmpty && quiet.err.isEmpty)
        let result = await runCLIArray(["util", "keccak", "--text", "hello", "--quiet"])
        #expect(result.out == ["0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8"])
        let failure = await runCLIArray(["--quiet", "util", "checksum", "0x12"])
        #expect(failure.code != 0 && failure.err.count == 1 && failure.err[0].hasPrefix("error: "))

        let progress = Mutex<[String]>([])
        let console = Console(out: { _ in }, err: { _ in }, progress: { line in progress.withLock { $0.append(line) } })
        Console.$current.withValue(console) { Console.current.progress("step") }
        Console.$current.withValue(console.quiet) { Console.current.progress("hidden"); Console.current.note("hidden") }
        #expect(progress.withLock { $0 } == ["step"])
    }

    @Test("completion scripts for bash, zsh and fish name the commands; another shell is a usage error")
    func completions() async {
        for shell in ["bash", "zsh", "fish"] {
            let r = await runCLIArray(["completion", shell])
            let script = r.out.joined(separator: "\n")
            #expect(r.code == 0, "\(shell)")
            for word in ["safe", "key", "network", "propose", "rpc-url"] {
                #expect(script.contains(word), "\(shell) completion lacks \(word)")
            }
        }
        let bad = await runCLIArray(["completion", "tcsh"])
        #expect(bad.code == 64 && bad.err == ["error: unknown shell 'tcsh'; give bash, zsh or fish (see --help)"])
    }
}
