import Foundation

/// A test's helper script that listens on a loopback port it picks itself and names that port at
/// the end of its first line of output (the fault proxy, the Ledger double).
enum ListeningScript {
    /// The repository's root, where the scripts are.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts `arguments` through /usr/bin/env and waits for the port on its first line.
    static func start(_ arguments: [String]) throws -> (process: Process, port: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = [UInt8]()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard let port = String(decoding: line, as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        return (process, port)
    }
}
