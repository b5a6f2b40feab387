import Foundation
import Services
import Testing
import TestSupport

/// Real `bifrost` processes racing on one home, and killed with SIGKILL at seeded moments (issue 15,
/// item 8). The processes are the built binary (see `ProcessBifrost`), started held at a barrier and
/// released together so their critical sections overlap; keystores use the light KDF.
@Suite("bifrost processes: racing on one home, and kill -9", .serialized)
struct ConcurrentProcessTests {
    let root: URL

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-processes-\(UUID().uuidString)")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// Every test starts here: the binary must be built, and the test's own folder is created.
    func prepare() throws {
        try #require(FileManager.default.isExecutableFile(atPath: ProcessBifrost.executable),
                     "build the CLI with the tests first (swift build --build-tests): \(ProcessBifrost.executable)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func freshHome(_ label: String) -> String { root.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))").path }

    /// A random valid private key as hex, from the seeded generator.
    static func randomKey(_ rng: inout SplitMix64) -> PrivateKey {
        while true {
            let hex = (0..<4).map { _ in String(rng.next(), radix: 16).leftPadded(to: 16) }.joined()
            if let key = try? PrivateKey(hex: hex) { return key }
        }
    }

    /// The names and addresses `key list --json` shows.
    static func listed(_ outcome: ProcessOutcome) -> [(name: String, address: String)] {
        ((outcome.json?["keys"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0["address"] as? String ?? "") }
    }

    /// No process outlived the harness's time limit (it would have been killed and could pass for a test kill).
    static func expectNoHang(_ outcomes: [ProcessOutcome], _ round: Int) {
        for o in outcomes { #expect(!o.timedOut, "round \(round): still running after a minute: \(o.summary)") }
    }

    /// Whether `name` unlocks and signs as `address`.
    func signs(_ name: String, as address: String, home: String) async throws -> (Bool, String) {
        let signed = try await ProcessBifrost.run(["sign", "message", "hi", "--key", name, "--home", home, "--json"])
        return (signed.status == 0 && signed.json?["address"] as? String == address, signed.summary)
    }

    @Test("8 parallel 'key import --name dup' of different keys, 20 rounds: one wins, the others say 'already exists', and the winner's key signs")
    func parallelImportSameName() async throws {
        defer { cleanUp() }
        try prepare()
        var rng = SplitMix64(seed: 0x15_08_01)
        let start = ContinuousClock.now
        for round in 0..<20 {
            // Given: a fresh home and 8 different keys in files.
            let home = freshHome("import")
            let keys = (0..<8).map { _ in Self.randomKey(&rng) }
            let files = try keys.enumerated().map { i, key in
                let path = root.appendingPathComponent("key-\(round)-\(i).hex").path
                try key.withUnsafeBytes { Hex.encode(Array($0)) }.write(toFile: path, atomically: true, encoding: .utf8)
                return path
            }

            // When: all import under the same name at once.
            let outcomes = try await ProcessBifrost.together(files.map { ["key", "import", "--name", "dup", "--private-key-file", $0, "--home", home, "--json"] })
            Self.expectNoHang(outcomes, round)

            // Then: exactly one succeeds, with the address of its own key; every other says the name is taken.
            let winners = outcomes.indices.filter { outcomes[$0].status == 0 }
            #expect(winners.count == 1, "round \(round): \(winners.count) imports succeeded: \(outcomes.map(\.summary))")
            for o in outcomes where o.status != 0 {
                #expect(o.status == 1 && o.stderrLines.count == 1 && o.stderr.contains("already exists"), "round \(round): \(o.summary)")
            }
            guard let w = winners.first else { continue }
            let address = outcomes[w].json?["address"] as? String ?? ""
            #expect(address == keys[w].address.checksummed, "round \(round): the winner printed \(address) for key \(keys[w].address.checksummed)")
            // And: the home lists exactly one 'dup', at the winner's address, and it signs as the winner.
            let list = try await ProcessBifrost.run(["key", "list", "--home", home, "--json"])
            #expect(list.status == 0, "round \(round): \(list.summary)")
            let dups = Self.listed(list).filter { $0.name == "dup" }
            #expect(dups.count == 1 && dups.first?.address == address, "round \(round): key list shows \(Self.listed(list)), the winner was \(address)")
            let (ok, detail) = try await signs("dup", as: address, home: home)
            #expect(ok, "round \(round): signing with the winner's key: \(detail)")
        }
        print("parallel key import: 20 rounds of 8 processes in \(ContinuousClock.now - start)")
    }

    @Test("8 parallel 'key new --name n': one wins, and the address and phrase it showed are what the vault holds")
    func parallelNewSameName() async throws {
        defer { cleanUp() }
        try prepare()
        let start = ContinuousClock.now
        for round in 0..<3 {
            // Given: a fresh home.
            let home = freshHome("new")

            // When: 8 processes create a wallet named 'n' at once.
            let outcomes = try await ProcessBifrost.together(Array(repeating: ["key", "new", "--name", "n", "--home", home, "--json"], count: 8))
            Self.expectNoHang(outcomes, round)

            // Then: one succeeds and the others are told the name is taken.
            let winners = outcomes.filter { $0.status == 0 }
            #expect(winners.count == 1, "round \(round): \(winners.count) succeeded: \(outcomes.map(\.summary))")
            for o in outcomes where o.status != 0 {
                #expect(o.status == 1 && o.stderrLines.count == 1 && o.stderr.contains("already exists"), "round \(round): \(o.summary)")
            }
            guard let winner = winners.first, let address = winner.json?["address"] as? String, let phrase = winner.json?["mnemonic"] as? String else {
                Issue.record("round \(round): no winner with an address and a phrase: \(outcomes.map(\.summary))")
                continue
            }
            // And: the shown address unlocks and signs, and the stored phrase is the one shown.
            let (ok, detail) = try await signs("n", as: address, home: home)
            #expect(ok, "round \(round): the winner's address \(address) must unlock: \(detail)")
            let shown = try await ProcessBifrost.run(["key", "show-mnemonic", "--name", "n", "--home", home])
            #expect(shown.status == 0 && shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == phrase,
                    "round \(round): the vault's phrase differs from the one shown to the winner: \(shown.summary)")
            let derived = try await ProcessBifrost.run(["key", "derive", "--mnemonic", phrase, "--index", "0", "--json"])
            #expect(derived.stdout.contains(address), "round \(round): the phrase shown does not derive \(address): \(derived.summary)")
        }
        print("parallel key new: 3 rounds of 8 processes in \(ContinuousClock.now - start)")
    }

    @Test("parallel 'safe import' and 'safe sign' on one home: it opens afterwards, each transaction is stored once, no signature twice")
    func parallelImportAndSign() async throws {
        defer { cleanUp() }
        try prepare()
        var rng = SplitMix64(seed: 0x15_08_02)
        let start = ContinuousClock.now
        for round in 0..<5 {
            // Given: a home following a 3-of-3 Safe with transaction 1 queued; transaction 2 only in files.
            let h = try await ProcessSafeHome.make(in: root)
            let home = h.home.path
            var commands: [[String]] = try ["1:0", "1:1", "1:01", "1:", "2:0", "2:2", "2:012", "2:0", "1:01"].map {
                ["safe", "import", try #require(h.files[$0], "no exchange file \($0)"), "--home", home, "--json"]
            }
            commands += [["safe", "sign", h.tx1, "--key", "owner2"], ["safe", "sign", h.tx1, "--key", "owner2"], ["safe", "sign", h.tx1, "--key", "owner0"],
                         ["safe", "sign", h.tx2, "--key", "owner1"]].map { $0 + ["--home", home, "--json"] }
            for i in stride(from: commands.count - 1, to: 0, by: -1) { commands.swapAt(i, Int(rng.next() % UInt64(i + 1))) }

            // When: they all run at once.
            let outcomes = try await ProcessBifrost.together(commands)
            Self.expectNoHang(outcomes, round)

            // Then: every import and every signature of transaction 1 succeeds; signing transaction 2
            // may only fail because no import had stored it yet.
            for o in outcomes where o.status != 0 {
                let early = o.arguments.contains(h.tx2) && o.stderr.contains("no Safe transaction")
                #expect(early, "round \(round): \(o.summary)")
                #expect(o.status == 1 && o.stderrLines.count == 1 && o.stderr.hasPrefix("error: "), "round \(round): \(o.summary)")
            }
            // And: the home opens, each transaction is there once, and each owner signed each once.
            let list = try await ProcessBifrost.run(["key", "list", "--home", home, "--json"])
            #expect(list.status == 0 && Self.listed(list).count == 3, "round \(round): \(list.summary)")
            let stored = try await h.stored()
            #expect(stored.map(\.hash).sorted() == [h.tx1, h.tx2].sorted(), "round \(round): stored \(stored.map(\.hash))")
            for tx in stored {
                #expect(Set(tx.signers).count == tx.signers.count, "round \(round): \(tx.hash) holds a signature twice: \(tx.signers)")
                #expect(Set(tx.signers) == Set(ProcessSafeHome.keys.map(\.address)), "round \(round): \(tx.hash) signed by \(tx.signers)")
            }
            for hash in [h.tx1, h.tx2] {
                let exported = try await ProcessBifrost.run(["safe", "export", hash, "--out", "-", "--home", home])
                let owners = ((exported.json?["signatures"] as? [[String: Any]]) ?? []).compactMap { $0["owner"] as? String }
                #expect(exported.status == 0 && owners.count == 3 && Set(owners).count == 3, "round \(round): export of \(hash): \(exported.summary)")
            }
        }
        print("parallel safe import and sign: 5 rounds of 13 processes in \(ContinuousClock.now - start)")
    }

    @Test("kill -9 at seeded moments during 'key new', 'safe import' and 'safe sign': the home opens, reported keys unlock, nothing is doubled")
    func killedMidWrite() async throws {
        defer { cleanUp() }
        try prepare()
        var rng = SplitMix64(seed: 0x15_08_03)
        let h = try await ProcessSafeHome.make(in: root)
        let home = h.home.path
        let start = ContinuousClock.now

        // Given: how long each command takes here when left alone, the median of three runs that all
        // write (the kill delays spread over that).
        var reported: [String: String] = [:]
        var samples: [[Double]] = [[], [], []]
        for i in 0..<3 {
            let file = try h.exchangeFile(nonce: 50 + i, signers: [])
            let runs = [try await ProcessBifrost.run(["key", "new", "--name", "calibration\(i)", "--home", home, "--json"]),
                        try await ProcessBifrost.run(["safe", "import", file.path, "--home", home, "--json"]),
                        try await ProcessBifrost.run(["safe", "sign", file.safeTxHash, "--key", ProcessSafeHome.owners[i], "--home", home, "--json"])]
            for (j, o) in runs.enumerated() {
                #expect(o.status == 0, "unkilled: \(o.summary)")
                samples[j].append(o.seconds)
            }
            reported["calibration\(i)"] = runs[0].json?["address"] as? String ?? ""
        }
        let typical = samples.map { $0.sorted()[1] }
        var kills = 0
        var previous: String?

        for round in 0..<24 {
            // When: a key is created, a new transaction imported (signed by some owners) and the previous
            // round's transaction signed by one more, all at once; each process is killed with
            // probability 3/4 at a delay between 0 and 1.2× its typical run time.
            let name = "k\(round)"
            let signers = (0..<3).filter { _ in rng.next() % 2 == 0 }
            let file = try h.exchangeFile(nonce: 100 + round, signers: signers)
            let commands = [["key", "new", "--name", name, "--home", home, "--json"],
                            ["safe", "import", file.path, "--home", home, "--json"],
                            ["safe", "sign", previous ?? h.tx1, "--key", ProcessSafeHome.owners[Int(rng.next() % 3)], "--home", home, "--json"]]
            previous = file.safeTxHash
            let delays: [Double?] = typical.map { t in
                let kill = rng.next() % 4 != 0
                return kill ? Double(rng.next() % 1_000) / 1_000 * t * 1.2 : nil
            }
            let outcomes = try await ProcessBifrost.together(commands, killAfter: delays)
            Self.expectNoHang(outcomes, round)
            kills += outcomes.filter { $0.signal == SIGKILL }.count
            for o in outcomes where o.signal == nil && o.status != 0 {
                // A process that was not killed may only fail for a reason the kills explain: the
                // transaction it signs was never stored because last round's import was killed.
                #expect(o.arguments[1] == "sign" && o.stderr.contains("no Safe transaction"), "round \(round): \(o.summary)")
            }
            if let address = outcomes[0].json?["address"] as? String, outcomes[0].status == 0 { reported[name] = address }

            // Then: the home opens, names are listed once, every reported key is listed at its address and unlocks.
            let list = try await ProcessBifrost.run(["key", "list", "--home", home, "--json"])
            #expect(list.status == 0, "round \(round): the home does not open after the kill: \(list.summary)")
            let listed = Self.listed(list)
            #expect(Set(listed.map(\.name)).count == listed.count, "round \(round): a name is listed twice: \(listed)")
            if let address = reported[name] {
                #expect(listed.contains { $0 == (name, address) }, "round \(round): reported \(name) at \(address) is not listed: \(listed)")
                let (ok, detail) = try await signs(name, as: address, home: home)
                #expect(ok, "round \(round): reported key \(name) does not unlock: \(detail)")
            }
            // And: no transaction or signature is stored twice.
            let stored = try await h.stored()
            #expect(Set(stored.map(\.hash)).count == stored.count, "round \(round): a transaction is stored twice: \(stored.map(\.hash))")
            for tx in stored {
                #expect(Set(tx.signers).count == tx.signers.count, "round \(round): \(tx.hash) holds a signature twice: \(tx.signers)")
            }
        }

        // Finally: every key that was ever reported, and every key listed at all, still unlocks.
        let list = try await ProcessBifrost.run(["key", "list", "--home", home, "--json"])
        let listed = Self.listed(list)
        for (name, address) in reported {
            #expect(listed.contains { $0 == (name, address) }, "reported \(name) at \(address) is gone: \(listed)")
        }
        for key in listed {
            let (ok, detail) = try await signs(key.name, as: key.address, home: home)
            #expect(ok, "listed key \(key.name) has no usable secret: \(detail)")
        }
        // About 54 kills are scheduled; how many land before a command ends depends on the load (6 to 16
        // were seen on 2 loaded cores), so the floor only proves the delays reach into the commands.
        #expect(kills >= 1, "no process was killed mid-run; the delays do not reach into the commands")
        print("kill -9: 24 rounds, \(kills) processes killed, typical run times \(typical.map { String(format: "%.0f ms", $0 * 1000) }) in \(ContinuousClock.now - start)")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { count >= length ? self : String(repeating: "0", count: length - count) + self }
}
