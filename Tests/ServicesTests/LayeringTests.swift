import Foundation
import Testing

/// Front ends reach Storage's entities only through Services: the database, the vault, the storage
/// structs and the records stay below. (Services no longer re-exports Storage, so a front end would
/// have to import it; this scan is what catches that.)
@Suite("Layering: front ends import Services, not Storage")
struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let forbidden = ["import Storage", "AppDatabase", "SafeStorage", "KeyVault", "KeyRegistry", "TokenStorage",
                            "NetworkStorage", "RateStorage", "TransactionStorage", "AccountStorage", "Record(",
                            "import PostgresStorage", "PostgresCoSigningStorage"]

    /// The lines of Swift files under `folder` that name a storage internal.
    static func offenders(in folder: String) throws -> (files: Int, lines: [String]) {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var found = [String]()
        for file in files {
            for (n, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if Self.forbidden.contains(where: { line.contains($0) }) { found.append("\(folder)/\(file.lastPathComponent):\(n + 1): \(line)") }
            }
        }
        return (files.count, found)
    }

    @Test("BifrostCLI, the dashboard, the server, AppCore and the AppCore tests name no storage internal",
          arguments: ["Sources/BifrostCLI", "Sources/BifrostDashboard", "Sources/BifrostServer", "Sources/AppCore", "Tests/AppCoreTests"])
    func frontEnds(folder: String) throws {
        let scan = try Self.offenders(in: folder)
        #expect(scan.files > 3, "the scan must reach \(folder)")
        #expect(scan.lines.isEmpty, "\(scan.lines.joined(separator: "\n"))")
    }

    @Test("the scan finds storage internals where they are")
    func scanCanFail() throws {
        #expect(try !Self.offenders(in: "Tests/ServicesTests").lines.isEmpty)
    }
}
