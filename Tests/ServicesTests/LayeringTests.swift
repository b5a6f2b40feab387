import Foundation
import Testing

/// Front ends reach Storage's entities only through Services: the database, the vault, the storage
/// structs and the records stay below. (Services no longer re-exports Storage, so a front end would
/// have to import it; this scan is what catches that.)
@Suite("Layering: front ends import Services, not Storage")
struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let forbidden = ["import Storage", "AppDatabase", "SafeStorage", "KeyVault", "KeyRegistry", "TokenStorage",
                            "NetworkStorage", "RateStorage", "TransactionStorage", "AccountStorage", "Record("]
    /// The co-signing storages, which a front end names only in the serve command's composition
    /// root: it picks one at start-up.
    static let coSigningStorages = ["import CoSigningPostgres", "import CoSigningSQLite", "PostgresCoSigningStorage", "SQLiteCoSigningStorage"]
    static let compositionRoot = "Sources/FrontEnds/BifrostCLI/Commands/Serve/"
    static let compositionRootFiles = ["CoSigningDatabase.swift", "ServeComposition.swift"]

    /// The lines of Swift files under `folder` that name a storage internal; the composition root
    /// may name the co-signing storages unless `exemptingRoot` is false.
    static func offenders(in folder: String, exemptingRoot: Bool = true) throws -> (files: Int, lines: [String]) {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var found = [String]()
        for file in files {
            let path = file.path.replacingOccurrences(of: root.path + "/", with: "")
            let isRoot = exemptingRoot && compositionRootFiles.contains { path == compositionRoot + $0 }
            let names = forbidden + (isRoot ? [] : coSigningStorages)
            for (n, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if names.contains(where: { line.contains($0) }) { found.append("\(path):\(n + 1): \(line)") }
            }
        }
        return (files.count, found)
    }

    @Test("BifrostCLI, the dashboard, the server, AppCore and the AppCore tests name no storage internal",
          arguments: ["Sources/FrontEnds/BifrostCLI", "Sources/FrontEnds/BifrostDashboard", "Sources/Server/BifrostServer", "Sources/Wallet/AppCore", "Tests/AppCoreTests"])
    func frontEnds(folder: String) throws {
        let scan = try Self.offenders(in: folder)
        #expect(scan.files > 3, "the scan must reach \(folder)")
        #expect(scan.lines.isEmpty, "\(scan.lines.joined(separator: "\n"))")
    }

    @Test("the scan finds storage internals where they are")
    func scanCanFail() throws {
        #expect(try !Self.offenders(in: "Tests/ServicesTests").lines.isEmpty)
        // The composition root's exemption is used: it names the co-signing storages, and only its files are exempt.
        let root = try Self.offenders(in: Self.compositionRoot, exemptingRoot: false).lines
        #expect(Set(root.compactMap { $0.split(separator: ":").first.map(String.init) }) == Set(Self.compositionRootFiles.map { Self.compositionRoot + $0 }))
    }
}

/// The wallet does not know the server: no wallet-side target depends, directly or through
/// another, on the server's room or on PostgreSQL, as SwiftPM reads Package.swift; only the
/// composition root (the CLI, for `serve`) wires the server to its storage.
@Suite("Layering: the wallet's targets do not reach the server's room or postgres-nio")
struct PackageGraphTests {
    static let main = Result { try PackageGraph.load(LayeringTests.root) }
    static let fuzz = Result { try PackageGraph.load(LayeringTests.root.appendingPathComponent("Fuzz")) }
    static let serverRoom = ["CoSigning", "CoSigningStorage", "CoSigningSQLite", "CoSigningPostgres", "BifrostServer"]

    /// The server's targets and postgres-nio's products among `nodes`.
    static func serverSide(_ nodes: Set<PackageGraph.Node>) -> [String] {
        nodes.filter {
            switch $0 {
            case .target(let name): serverRoom.contains(name)
            case .product(let package, _): package == "postgres-nio"
            }
        }.map(\.description).sorted()
    }

    @Test("the wallet's targets reach none of the server's room and no postgres-nio product",
          arguments: ["EthereumKit", "SafeKit", "Storage", "Networking", "NetworkingTesting", "Services", "AppCore", "AppCoreTesting",
                      "HTTPServing", "BifrostDashboard"])
    func walletSide(target: String) throws {
        let graph = try Self.main.get()
        #expect(graph.targets[target] != nil, "\(target) is a target of Package.swift")
        #expect(Self.serverSide(graph.closure(of: target)).isEmpty, "\(target) reaches \(Self.serverSide(graph.closure(of: target)))")
    }

    @Test("the server's HTTP and rules name no database: only the composition root reaches PostgreSQL")
    func serverNamesNoDatabase() throws {
        let graph = try Self.main.get()
        for target in ["CoSigning", "BifrostServer"] {
            let reached = graph.closure(of: target)
            #expect(!reached.contains(.target("CoSigningPostgres")) && !reached.contains(.target("CoSigningSQLite")), "\(target)")
            #expect(!reached.contains(.product(package: "postgres-nio", name: "PostgresNIO")), "\(target)")
        }
        // The walk sees the edges it is asked about: the CLI, serve's composition root, reaches both.
        let cli = graph.closure(of: "BifrostCLI")
        #expect(cli.contains(.target("CoSigningPostgres")) && cli.contains(.product(package: "postgres-nio", name: "PostgresNIO")))
    }

    @Test("the fuzzer serves the co-signing routes over SQLite without building postgres-nio")
    func fuzzer() throws {
        let main = try Self.main.get(), fuzz = try Self.fuzz.get()
        let reached = fuzz.closure(of: "BifrostFuzz", inner: ("Bifrost", main))
        #expect(reached.contains(.target("CoSigning")) && reached.contains(.target("CoSigningSQLite")))
        #expect(!reached.contains(.target("CoSigningPostgres")) && !reached.contains(.product(package: "postgres-nio", name: "PostgresNIO")))
    }
}
