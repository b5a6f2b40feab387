import EthereumKit
import Foundation
import Synchronization
import Testing

/// Grammar fuzz of the whole command line, in-process (issue 15, item 7b): seeded argument vectors
/// for every command with hostile values and files, each held to the CLI's contract — exit status
/// 0, 1 or 64; at most one line on stderr; a failure says `error: …`; help only when asked for;
/// with `--json`, one JSON object. No vector reaches the network: the node is a closed local port,
/// and so are the rates and Transaction Service URLs.
///
/// A trap anywhere kills the test process, which fails the run; the vectors being run are kept in
/// `breadcrumb` files so such a crash can be replayed, and each broken vector is printed as it
/// happens, so a long run that ends in a crash still tells what it found.
///
/// `BIFROST_CLI_FUZZ_COUNT` sets the number of generated vectors (default 2,000; the full run is
/// 100,000), `BIFROST_CLI_FUZZ_SEED` the seed, `BIFROST_CLI_FUZZ_FIRST` the first vector index (to
/// replay vector N: `BIFROST_CLI_FUZZ_FIRST=N BIFROST_CLI_FUZZ_COUNT=1`), `BIFROST_CLI_FUZZ_JOBS`
/// the number of workers.
@Suite("bifrost: grammar fuzz of the command line", .serialized)
struct CLIGrammarFuzzTests {
    static let defaultCount = 2_000
    static let defaultSeed: UInt64 = 0xB1F7_05CE_15_7B

    static var count: Int {
        ProcessInfo.processInfo.environment["BIFROST_CLI_FUZZ_COUNT"].flatMap { Int($0) } ?? defaultCount
    }
    static var first: Int {
        ProcessInfo.processInfo.environment["BIFROST_CLI_FUZZ_FIRST"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["BIFROST_CLI_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed
    }
    /// Worker N writes the vector it is running to `breadcrumb.N`, removed when the run ends.
    static let breadcrumb = FileManager.default.temporaryDirectory
        .appendingPathComponent("bifrost-cli-fuzz-current-vector-\(ProcessInfo.processInfo.processIdentifier).txt").path
    /// Vectors run on this many workers (`BIFROST_CLI_FUZZ_JOBS`; default: the cores, at most 4).
    static var jobs: Int {
        ProcessInfo.processInfo.environment["BIFROST_CLI_FUZZ_JOBS"].flatMap { Int($0) }.map { max(1, $0) }
            ?? min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Process-wide, once: the in-process runner cannot give each run its own environment. Nothing
    /// here can block (passwords come from the environment, never a prompt) or leave the machine.
    static func prepareEnvironment() {
        setenv("BIFROST_INSECURE_LIGHT_KDF", "1", 1)
        setenv("BIFROST_PASSWORD", FuzzFixture.password, 1)
        setenv("BIFROST_KEYSTORE_PASSWORD", FuzzFixture.password, 1)
        setenv("BIFROST_RATES_URL", FuzzValues.closedPort, 1)
        setenv("BIFROST_SAFE_SERVICE_URL", FuzzValues.closedPort, 1)
    }

    /// Issue 15's known crashers and their relatives, run before the generated vectors.
    static func regressions(_ f: FuzzFixture) -> [[String]] {
        let zero = "0x0000000000000000000000000000000000000000"
        let txHash = ["safe", "tx-hash", "--safe", f.safe, "--chain-id", "1", "--nonce", "0", "--to", zero, "--value", "0"]
        var vectors: [[String]] = []
        for flag in ["--nonce", "--chain-id", "--safe-tx-gas", "--base-gas", "--gas-price", "--value"] {
            for value in [FuzzValues.twoTo256, FuzzValues.twoTo256Minus1, FuzzValues.twoTo256 + "wei", "-1", "1e400"] {
                vectors.append(txHash + [flag, value])
            }
        }
        for amount in ["-1ether", "-1", "-0.5gwei", "1e400", FuzzValues.twoTo256 + "ether"] {
            vectors += [["util", "to-wei", amount], ["util", "from-wei", amount], ["tx", "sign", "--value", amount]]
        }
        vectors += [["safe", "propose", f.safe, "--to", zero, "--value", FuzzValues.twoTo256], ["safe", "propose", f.safe, "--to", zero, "--nonce", FuzzValues.twoTo256],
                    ["abi", "encode", "f(uint256)", FuzzValues.twoTo256], ["abi", "encode", "f(int8)", "-129"], ["util", "keccak", "0x0"], ["util", "keccak", "-1"]]
        vectors += (f.files[.safeTransaction] ?? []).map { ["safe", "import", $0] }
        return vectors
    }

    /// The command a vector runs, as the grammar names it, or "garbled".
    static func command(of vector: [String]) -> String {
        FuzzGrammar.commands.filter { vector.starts(with: $0) }.max { $0.count < $1.count }?.joined(separator: " ") ?? "garbled"
    }

    /// What a run broke of the contract, in words; empty when it kept it.
    static func contractViolations(_ args: [String], _ r: CLIResult) -> [String] {
        var problems: [String] = []
        if ![0, 1, 64].contains(r.code) { problems.append("exit status \(r.code), not 0, 1 or 64") }
        let lineBreaks = r.err.reduce(0) { $0 + $1.unicodeScalars.filter { $0 == "\n" || $0 == "\r" }.count }
        if r.err.count > 1 || lineBreaks > 0 { problems.append("stderr has \(r.err.count) line(s) with \(lineBreaks) more break(s) inside") }
        if r.code != 0, r.err.first.map({ !$0.hasPrefix("error: ") }) ?? true { problems.append("failed without an 'error: ' line on stderr") }
        let options = args.prefix { $0 != "--" }
        let askedForHelp = options.contains { ["-h", "--help", "--version", "help"].contains($0) }
        if r.code == 0, !askedForHelp, r.stdout.contains("USAGE:") { problems.append("printed help and exited 0 without being asked") }
        if r.code == 0, !askedForHelp, options.contains("--json"), (try? JSONParser.parse(r.stdout))?.objectValue == nil {
            problems.append("with --json, stdout is not one JSON object")
        }
        return problems
    }

    /// A vector as a shell-ready line, long values shortened, for failure messages and the breadcrumb.
    static func describe(_ args: [String]) -> String {
        args.map { a in
            let short = a.count > 120 ? String(a.prefix(60)) + "…(\(a.count) chars)…" + String(a.suffix(20)) : a
            return "'" + short.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
                .replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    @Test("every generated vector exits 0, 1 or 64 with at most one stderr line, 'error: …' on failure, help only when asked, one JSON object with --json")
    func grammarFuzz() async throws {
        // Given: a home with owner keys, a followed Safe and a queued transaction, and a folder of hostile files.
        Self.prepareEnvironment()
        let fixture = try await FuzzFixture.make()
        defer { fixture.cleanUp() }
        let grammar = FuzzGrammar(fixture: fixture)
        let seed = Self.seed, count = Self.count, first = Self.first, jobs = Self.jobs
        let regressions = Self.regressions(fixture)
        let total = regressions.count + count
        let start = ContinuousClock.now

        // When: each vector runs in this process, the regressions first, on a few workers that take
        // the next index in turn (the vectors depend on their index only).
        let queue = FuzzQueue()
        let outcomes = await withTaskGroup(of: [FuzzOutcome].self) { group in
            for worker in 0..<jobs {
                group.addTask {
                    var done: [FuzzOutcome] = []
                    while let index = queue.take(below: total) {
                        let raw: [String]
                        if index < regressions.count {
                            raw = regressions[index]
                        } else {
                            var r = FuzzRandom(seed: seed, index: first + index - regressions.count)
                            raw = grammar.vector(&r)
                        }
                        let args = grammar.sanitize(raw, outTag: String(index))
                        let label = index < regressions.count ? "regression \(index)" : "seed \(seed) vector \(first + index - regressions.count)"
                        try? "\(label)\n\(Self.describe(args))\n".write(toFile: Self.breadcrumb + ".\(worker)", atomically: false, encoding: .utf8)
                        let began = ContinuousClock.now
                        let result = await withArguments(args)
                        let problems = Self.contractViolations(args, result)
                        if !problems.isEmpty { print("CLI grammar fuzz: \(label) broke the contract: \(problems.joined(separator: "; ")): bifrost \(Self.describe(args))") }
                        // Only a failing run keeps its vector and output: a full run has 100,000 of them.
                        done.append(FuzzOutcome(label: label, command: Self.command(of: raw), code: result.code, took: ContinuousClock.now - began,
                                                problems: problems, failure: problems.isEmpty ? nil : (args, result)))
                    }
                    try? FileManager.default.removeItem(atPath: Self.breadcrumb + ".\(worker)")
                    return done
                }
            }
            var all: [FuzzOutcome] = []
            for await part in group { all += part }
            return all
        }

        // Then: every run kept the contract.
        let failed = outcomes.filter { !$0.problems.isEmpty }
        for o in failed.prefix(25) {
            let (args, result) = o.failure ?? ([], CLIResult(code: o.code, out: [], err: []))
            #expect(o.problems.isEmpty, """
                \(o.label): \(o.problems.joined(separator: "; "))
                  bifrost \(Self.describe(args))
                  exit \(result.code); stderr: \(Self.describe(result.err)); stdout: \(Self.describe([String(result.stdout.prefix(300))]))
                """)
        }
        let codes = Dictionary(grouping: outcomes, by: \.code).mapValues(\.count)
        let timeByCommand = Dictionary(grouping: outcomes, by: \.command).mapValues { $0.reduce(Duration.zero) { $0 + $1.took } }
        let slowest = outcomes.max { $0.took < $1.took }
        print("CLI grammar fuzz: \(regressions.count) regressions + \(count) vectors (seed \(seed) from vector \(first), \(jobs) workers) in \(ContinuousClock.now - start); "
              + "exit codes \(codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")); \(failed.count) broke the contract; "
              + "most time in \(timeByCommand.sorted { $0.value > $1.value }.prefix(4).map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
              + "slowest: \(slowest.map { "\($0.label) \($0.took)" } ?? "-")")

        #expect(outcomes.count == total, "\(total - outcomes.count) vectors did not run")
        #expect(failed.count == 0, "\(failed.count) of \(total) vectors broke the CLI's contract (the first 25 are reported above)")
        // The fuzz must reach past argument parsing: every outcome shows up, and many commands succeed.
        #expect(codes[0, default: 0] > 0 && codes[1, default: 0] > 0 && codes[64, default: 0] > 0, "exit codes seen: \(codes)")
        if count >= 1_000 {
            let succeeded = Set(outcomes.filter { $0.code == 0 }.map(\.command))
            #expect(succeeded.count >= 15, "only these commands ever succeeded: \(succeeded.sorted())")
        }
    }

    /// Vectors that crashed the CLI during full runs (`BIFROST_CLI_FUZZ_COUNT=100000`), kept here as
    /// real processes: in-process, a crash would end every suite of the test run.
    static let crashers: [FuzzCrasher] = [
        FuzzCrasher("abi decode of a tuple type nested 3,000 deep",
                    ["abi", "decode", "f(" + String(repeating: "(", count: 3_000) + "uint256" + String(repeating: ")", count: 3_000) + ")", "0x0102"]),
        FuzzCrasher("abi encode of an array type nested 30,000 deep", ["abi", "encode", "f(uint256" + String(repeating: "[]", count: 30_000) + ")", "1"]),
        FuzzCrasher("a node URL whose port is above 65535", ["balance", FuzzValues.devAddresses[0], "--rpc-url", "http://127.0.0.1:99999"]),
        FuzzCrasher("a rates URL whose port is above 65535", ["rates", "--rates-url", "http://127.0.0.1:99999"]),
    ]

    @Test("inputs that crashed the CLI in full fuzz runs fail in one line instead (real processes, so a crash fails only this case)", arguments: crashers)
    func foundCrashers(_ crasher: FuzzCrasher) async throws {
        // Given: the built CLI and a throwaway home.
        try #require(FileManager.default.isExecutableFile(atPath: ProcessBifrost.executable), "build the CLI first: \(ProcessBifrost.executable)")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-cli-crasher-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }

        // When: it runs the vector.
        let o = try await ProcessBifrost.run(crasher.arguments + ["--home", home])

        // Then: it fails as bad input (or, for the URLs, as an unreachable node), with one 'error: ' line.
        #expect(o.signal == nil && [1, 64].contains(o.status), "\(crasher.name) → \(o.signal.map { "killed by signal \($0)" } ?? "exit \(o.status)"); stderr \(o.stderr.prefix(300))")
        #expect(o.stderrLines.count == 1 && o.stderr.hasPrefix("error: "), "\(crasher.name) → stderr \(o.stderr.prefix(300))")
    }

    @Test("the grammar generates 20,000 vectors without trapping, reaches every command, and produces issue 15's crashers: safe tx-hash with a 2^256 nonce, util to-wei -1ether")
    func grammarCoverage() async throws {
        // Given: the grammar over a fixture.
        let fixture = try await FuzzFixture.make()
        defer { fixture.cleanUp() }
        let grammar = FuzzGrammar(fixture: fixture)

        // When: 20,000 vectors are generated (not run) and sanitized.
        var commands = Set<String>()
        var hugeNonce = 0, negativeAmount = 0, hostileFiles = 0
        let hostile = Set((fixture.files[.safeTransaction] ?? []).dropFirst(5))
        let start = ContinuousClock.now
        for index in 0..<20_000 {
            var r = FuzzRandom(seed: Self.defaultSeed, index: index)
            let v = grammar.vector(&r)
            _ = grammar.sanitize(v, outTag: "x")
            guard index < Self.defaultCount else { continue }
            commands.insert(v.prefix(3).joined(separator: " "))
            if v.starts(with: ["safe", "tx-hash"]), let i = v.firstIndex(of: "--nonce"), i + 1 < v.count,
               [FuzzValues.twoTo256, FuzzValues.twoTo256Plus1].contains(v[i + 1]) { hugeNonce += 1 }
            if v.starts(with: ["util", "to-wei"]), v.contains(where: { $0.hasPrefix("-") && $0.hasSuffix("ether") }) { negativeAmount += 1 }
            if v.starts(with: ["safe", "import"]), v.contains(where: hostile.contains) { hostileFiles += 1 }
        }

        // Then: every command path of the grammar was generated, and the crashers are among the first vectors.
        for path in FuzzGrammar.commands where path.count >= 2 {
            #expect(commands.contains { $0.hasPrefix(path.joined(separator: " ")) }, "\(path.joined(separator: " ")) was never generated")
        }
        print("CLI grammar fuzz: 20000 vectors generated in \(ContinuousClock.now - start)")
        #expect(hugeNonce > 0, "no 'safe tx-hash --nonce 2^256' in \(Self.defaultCount) vectors")
        #expect(negativeAmount > 0, "no 'util to-wei -1ether' in \(Self.defaultCount) vectors")
        #expect(hostileFiles > 0, "no hostile Safe transaction file was imported")
        // And the same seed gives the same vectors, so a failure replays.
        var a = FuzzRandom(seed: Self.defaultSeed, index: 7), b = FuzzRandom(seed: Self.defaultSeed, index: 7)
        #expect(grammar.vector(&a) == grammar.vector(&b))
    }
}

/// A vector that once crashed the CLI, named for the test report.
struct FuzzCrasher: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    init(_ name: String, _ arguments: [String]) { self.name = name; self.arguments = arguments }
    var testDescription: String { name }
}

/// One vector's run, for the report.
struct FuzzOutcome: Sendable {
    let label: String
    let command: String
    let code: Int32
    let took: Duration
    let problems: [String]
    /// The vector and what it printed, kept only when it broke the contract.
    let failure: (args: [String], result: CLIResult)?
}

/// The next vector index, shared by the workers.
final class FuzzQueue: Sendable {
    private let next = Mutex(0)

    func take(below total: Int) -> Int? {
        next.withLock { n in
            guard n < total else { return nil }
            defer { n += 1 }
            return n
        }
    }
}
