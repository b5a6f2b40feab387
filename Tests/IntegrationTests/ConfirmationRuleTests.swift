@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigning
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// One rule for a second signature by the same owner (`ConfirmationSet.merging`): the same
    /// signatures, in the same order, end in the same stored set in a wallet that imports
    /// exchange files (the action the dashboard's import form dispatches), through the real
    /// `bifrost safe import` process, and in `bifrost serve` over HTTP, on SQLite and PostgreSQL.
    @Suite("Integration: one confirmation rule for the wallet and the co-signing server")
    struct ConfirmationRuleTests {
        let devnet = Devnet.shared!

        /// Runs the built `bifrost` in `home` to its end, without blocking a thread: its status and stdout.
        /// With `executable`, that program runs with `arguments` instead (`script`, for a terminal).
        static func bifrost(_ arguments: [String], home: URL, executable: String? = nil, arguments other: [String]? = nil,
                            withErrors: Bool = false) async throws
            -> (status: Int32, out: String) {
            let process = Process()
            process.executableURL = executable.map(URL.init(fileURLWithPath:))
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bifrost")
            process.arguments = other ?? (["--home", home.path] + arguments)
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BIFROST_") }
            environment["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = environment
            let out = Pipe()
            process.standardOutput = out
            process.standardError = withErrors ? out : FileHandle.nullDevice
            // The answer is one short JSON line, so the pipe is read once the process has ended.
            return try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { ended in
                    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    continuation.resume(returning: (ended.terminationStatus, text))
                }
                do { try process.run() } catch { continuation.resume(throwing: error) }
            }
        }

        @Test("a claim then the real signature, a short contract signature then a longer one, one key twice: the same set everywhere")
        func sameSetEverywhere() async throws {
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            let d = wallet.services.dispatcher
            let a = try await wallet.importDevKey(devnet, index: 1, name: "a")
            let c1 = try await wallet.importDevKey(devnet, index: 2, name: "c1")
            let c2 = try await wallet.importDevKey(devnet, index: 3, name: "c2")
            let b = devnet.accounts[4]
            func deploy(_ owners: [Address], threshold: BigUInt) async throws -> Address {
                try await d.dispatch(DeploySafe(keyName: "a", owners: owners, threshold: threshold, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
                                                version: .v1_4_1, chain: wallet.chain, wait: true, password: { "pw" })).safe
            }
            // A child that one of its two owners can sign for, so its short and long signatures both verify.
            let child = try await deploy([c1, c2], threshold: 1)
            let parent = try await deploy([a, b.address, child], threshold: 3)
            let entry = try await d.dispatch(ProposeSafeTransaction(
                safe: parent, intent: .call(to: PrivateKey.generate().address, value: 0, data: [], operation: .call), chain: wallet.chain))
            let tx = entry.transaction, hash = entry.safeTxHash
            // Owner a's claim is true on chain, so it is kept until a's real signature arrives.
            let approval = try await d.dispatch(ApproveSafeTransaction(safeTxHash: hash, keyName: "a", chain: wallet.chain, wait: true, password: { "pw" }))
            #expect(approval.receipt?.status == true)

            let childMessage = try ContractSignature.childMessageHash(for: tx, child: child, childVersion: .v1_4_1)
            let byC1 = try SafeSignature.sign(safeTxHash: childMessage, with: devnet.accounts[2].key)
            let byC2 = try SafeSignature.sign(safeTxHash: childMessage, with: devnet.accounts[3].key)
            let bFirst = try SafeSignature.sign(safeTxHash: hash, with: b.key)
            let bAgain = try SafeSignature.fromEthSign(try b.key.sign(digest: PersonalMessage.hash(hash)).rsv, safeTxHash: hash)
            let realA = try SafeSignature.sign(safeTxHash: hash, with: devnet.accounts[1].key)
            let longChild = SafeSignature.contract(owner: child, data: SafeSignature.pack([byC1, byC2]))
            let sequence: [SafeSignature] = [
                bFirst, .approvedHash(by: a), realA, .contract(owner: child, data: SafeSignature.pack([byC1])), longChild, bAgain,
            ]
            let expected = [a: realA.bytes, b.address: bFirst.bytes, child: longChild.bytes]

            // The wallet: each signature arrives in its own exchange file.
            let other = try await TestWallet(devnet: devnet)
            defer { other.remove() }
            _ = try await other.services.dispatcher.dispatch(AddSafe(address: parent, name: nil, chain: other.chain))
            var imported: SafeImportResult?
            for signature in sequence {
                let file = try SafeTransactionFile(transaction: tx, signatures: [signature])
                imported = try await other.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json, chain: other.chain))
                #expect(imported?.setAside.isEmpty == true, "\(signature.kind) by \(signature.owner) verifies on chain")
            }
            let walletSet = try #require(imported).entry.signatures
            #expect(Dictionary(uniqueKeysWithValues: walletSet.map { ($0.owner, $0.bytes) }) == expected)
            #expect(imported?.count.confirmed == 3 && imported?.count.isReady == true)

            // The command line: the real `bifrost safe import` process, one file at a time, in a third home.
            let cli = try await TestWallet(devnet: devnet)
            defer { cli.remove() }
            _ = try await cli.services.dispatcher.dispatch(AddSafe(address: parent, name: nil, chain: cli.chain))
            let folder = cli.home.appendingPathComponent("files")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var last = JSONValue.null
            for (i, signature) in sequence.enumerated() {
                let path = folder.appendingPathComponent("\(i).json").path
                try Data(try SafeTransactionFile(transaction: tx, signatures: [signature]).json.utf8).write(to: URL(fileURLWithPath: path))
                let run = try await Self.bifrost(["--network", "devnet", "--json", "safe", "import", path], home: cli.home)
                #expect(run.status == 0, "import \(i): \(run.out)")
                last = (try? JSONParser.parse(Array(run.out.utf8))) ?? .null
            }
            #expect(last["confirmations"] == .number("3") && last["missing"] == .array([]), "\(last)")
            let cliSet = try await cli.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: hash)).entry.signatures
            #expect(Dictionary(uniqueKeysWithValues: cliSet.map { ($0.owner, $0.bytes) }) == expected)

            // The server: proposed by b with b's first signature, then each confirmation over HTTP.
            for database in CoSigningFollowerTests.databases {
                defer { CoSigningFollowerTests.remove(database) }
                let server = try await ServingCoSigner(try await wallet.services.serving(database: database, chain: wallet.chain))
                defer { server.stop() }
                let proposed = try await server.send("POST", "/api/v2/safes/\(parent.checksummed)/multisig-transactions/",
                                                     try ServingCoSigner.proposal(tx, sender: b.address, signature: bFirst.bytes))
                #expect(proposed.status == 201, "\(database): \(proposed.json)")
                for signature in sequence.dropFirst() {
                    let confirmed = try await server.send("POST", "/api/v1/multisig-transactions/\(Hex.encode(hash))/confirmations/",
                                                          #"{"signature": "\#(Hex.encode(SafeSignature.pack([signature])))"}"#)
                    #expect(confirmed.status == 201, "\(database): \(signature.kind) by \(signature.owner): \(confirmed.json)")
                }
                let read = try await server.send("GET", "/api/v1/multisig-transactions/\(Hex.encode(hash))/")
                let served = try (read.json["confirmations"]?.arrayValue ?? []).map { c in
                    (try Address(c["owner"]?.stringValue ?? ""), try Hex.decode(c["signature"]?.stringValue ?? ""))
                }
                #expect(served.count == 3, "\(database): one confirmation per owner")
                // The wire carries each confirmation packed on its own, as the official service does.
                #expect(Dictionary(served) { first, _ in first } == expected.mapValues { SafeSignature.pack([try! SafeSignature(bytes: $0, safeTxHash: hash)]) },
                        "\(database)")
            }
        }
    }
}
