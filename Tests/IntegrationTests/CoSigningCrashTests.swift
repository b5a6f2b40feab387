import BigInt
import Foundation
import Networking
import Services
import Synchronization
import Testing

extension OnDevnet {
    /// `bifrost serve` as a process, killed with SIGKILL while clients write to it: every write it
    /// acknowledged is there when it starts again on the same file.
    @Suite("Integration: bifrost serve killed under load")
    struct CoSigningCrashTests {
        let devnet = Devnet.shared!

        /// The `bifrost` built beside the test bundle.
        static var bifrost: URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bifrost")
        }

        /// Starts `bifrost serve` on a free port with `options` and `database` (a SQLite path or a PostgreSQL URL), its
        /// log to `log`; answers the process and the URL from its first line.
        static func start(rpc: String, home: URL, database: String, options: [String] = ["--follow-interval", "0"],
                          log: FileHandle = .nullDevice) throws -> (Process, URL) {
            let process = Process()
            process.executableURL = bifrost
            let url = database.hasPrefix("postgres") ? database : "sqlite:" + database
            process.arguments = ["serve", "--rpc-url", rpc, "--home", home.path, "--listen", "127.0.0.1:0", "--database", url] + options
            let out = Pipe()
            process.standardOutput = out
            process.standardError = log
            try process.run()
            var line = [UInt8]()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = out.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
                process.terminate()
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "bifrost serve said: \(text)"])
            }
            return (process, URL(string: String(text[range]))!)
        }

        /// "sqlite" (a file of the test's own), and the test PostgreSQL server's URL when there is one.
        static var stores: [String] {
            ["sqlite"] + (ProcessInfo.processInfo.environment["BIFROST_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : [$0] } ?? [])
        }

        @Test("kill -9 while 16 clients propose, their writes committed in shared transactions: after a restart every acknowledged proposal is stored with its confirmation",
              arguments: Self.stores)
        func killedUnderLoad(_ store: String) async throws {
            try #require(FileManager.default.isExecutableFile(atPath: Self.bifrost.path), "build the bifrost product first: \(Self.bifrost.path)")
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("serve-home-\(UUID().uuidString)")
            let database = store == "sqlite" ? home.appendingPathComponent("serve.sqlite").path : store
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let owner = devnet.accounts[5].key
            let (server, url) = try Self.start(rpc: devnet.rpcURL, home: home, database: database)
            let path = "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/"
            let safe = f.safe, chainID = devnet.chainID, to = f.owners[0]

            // Each client proposes its own transactions until the server stops answering.
            let answered = AnsweredCount()
            let clients = (0..<16).map { client in
                Task { () -> [[UInt8]] in
                    var acknowledged: [[UInt8]] = []
                    for n in 0..<10_000 {
                        let tx = SafeTx(safe: safe, chainID: chainID, version: .v1_4_1, to: to, value: BigUInt(client * 100_000 + n + 1), nonce: BigUInt(n % 5))
                        guard let hash = try? tx.hash(), let signature = try? SafeSignature.sign(safeTxHash: hash, with: owner),
                              let body = try? ServingCoSigner.proposal(tx, sender: owner.address, signature: signature.bytes) else { break }
                        let request = HTTPRequest(method: "POST", url: URL(string: url.absoluteString + path)!,
                                                  headers: ["Content-Type": "application/json"], body: Array(body.utf8))
                        guard let response = try? await LiveNetwork.shared.send(request), response.status == 201 else { break }
                        acknowledged.append(hash)
                        answered.value.add(1, ordering: .relaxed)
                    }
                    return acknowledged
                }
            }
            // Killed in the middle of the load: once 16 writes are acknowledged and more are in
            // flight, however long a busy machine takes to get there (at most 60 s).
            for _ in 0..<600 where answered.value.load(ordering: .relaxed) < 16 { try await Task.sleep(for: .milliseconds(100)) }
            try await Task.sleep(for: .milliseconds(200))
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            var acknowledged: [[UInt8]] = []
            for client in clients { acknowledged += await client.value }
            #expect(server.terminationReason == .uncaughtSignal && acknowledged.count >= 16, "\(acknowledged.count) acknowledged before the kill")

            let (restarted, again) = try Self.start(rpc: devnet.rpcURL, home: home, database: database)
            defer { restarted.terminate(); restarted.waitUntilExit() }
            var missing = 0
            for hash in acknowledged {
                let request = HTTPRequest(method: "GET", url: URL(string: again.absoluteString + "/api/v2/multisig-transactions/\(Hex.encode(hash))/")!)
                let response = try await LiveNetwork.shared.send(request)
                let json = try JSONParser.parse(response.body)
                if response.status != 200 || json["confirmations"]?.arrayValue?.count != 1 { missing += 1 }
            }
            #expect(missing == 0, "\(missing) of \(acknowledged.count) acknowledged proposals are gone")
        }

        @Test("SIGTERM: the server stops its follower and deliveries, closes the database and exits 0, on SQLite and PostgreSQL")
        func terminated() async throws {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("serve-term-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let postgres = ProcessInfo.processInfo.environment["BIFROST_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
            for database in [home.appendingPathComponent("serve.sqlite").path] + (postgres.map { [$0] } ?? []) {
                let logFile = home.appendingPathComponent("log-\(UUID().uuidString)")
                _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
                let log = try FileHandle(forWritingTo: logFile)
                let (server, url) = try Self.start(rpc: devnet.rpcURL, home: home, database: database, options: ["--follow-interval", "1"], log: log)
                let health = try await LiveNetwork.shared.send(HTTPRequest(method: "GET", url: URL(string: url.absoluteString + "/health")!))
                #expect(health.status == 200)
                kill(server.processIdentifier, SIGTERM)
                server.waitUntilExit()
                try log.close()
                let text = try String(contentsOf: logFile, encoding: .utf8)
                #expect(server.terminationReason == .exit && server.terminationStatus == 0, "\(database.prefix(8)): \(text.suffix(300))")
                #expect(text.contains("stopped; the database is closed"), "\(text.suffix(300))")
                if !database.hasPrefix("postgres") {
                    let wal = (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0
                    #expect(wal == 0, "a clean stop folds the write-ahead log into the file: \(wal) bytes left in it")
                }
            }
        }
    }
}

/// How many proposals the clients have seen acknowledged so far, shared between their tasks.
private final class AnsweredCount: Sendable {
    let value = Atomic<Int>(0)
}
