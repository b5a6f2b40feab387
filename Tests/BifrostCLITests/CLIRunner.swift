@testable import BifrostCLI
import Foundation
import Synchronization

/// What one in-process run of `bifrost` printed and returned.
struct CLIResult: Equatable {
    let code: Int32
    let out: [String]
    let err: [String]

    /// Standard output as one string.
    var stdout: String { out.joined(separator: "\n") }
}

/// Runs the CLI in this process with a captured console.
func runCLI(_ arguments: String...) async -> CLIResult {
    await withArguments(arguments)
}

func withArguments(_ arguments: [String]) async -> CLIResult {
    let out = Mutex<[String]>([])
    let err = Mutex<[String]>([])
    let console = Console(out: { line in out.withLock { $0.append(line) } },
                          err: { line in err.withLock { $0.append(line) } })
    let code = await Console.$current.withValue(console) { await BifrostMain.run(arguments: arguments) }
    return CLIResult(code: code, out: out.withLock { $0 }, err: err.withLock { $0 })
}

/// A temporary file holding `contents`, removed by the caller.
func temporaryFile(_ contents: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-test-\(UUID().uuidString)").path
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
