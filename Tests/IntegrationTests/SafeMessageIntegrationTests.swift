import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// Safe messages against the real contracts: the hash Bifrost computes is the one each
    /// release's fallback handler computes.
    @Suite("Integration: Safe messages on the local chain")
    struct SafeMessageIntegrationTests {
        let devnet = Devnet.shared!
        static let getMessageHash = try! FunctionSignature("getMessageHash(bytes)")

        /// The real CLI on the devnet from `home`, given the vault password where a key signs.
        static func cli(_ arguments: [String], home: URL, withErrors: Bool = false) async throws -> (status: Int32, out: String) {
            let passwordFile = home.appendingPathComponent("password.txt")
            try "pw\n".write(to: passwordFile, atomically: true, encoding: .utf8)
            let password = arguments.contains("--key") ? ["--password-file", passwordFile.path] : []
            return try await OnDevnet.ConfirmationRuleTests.bifrost(["--network", "devnet"] + arguments + password, home: home, withErrors: withErrors)
        }

        @Test("a text's and a typed-data message's SafeMessage hash equal the fallback handler's getMessageHash on chain",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func hashMatchesChain(_ version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let typed = try SafeMessage.Content.typedData(json: #"""
                {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],
                 "Order":[{"name":"maker","type":"address"},{"name":"amount","type":"uint256"},{"name":"note","type":"string"}]},
                 "primaryType":"Order","domain":{"name":"Exchange","chainId":31337},
                 "message":{"maker":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","amount":"1000000","note":"sell 1 for 2"}}
                """#)
            for content in [SafeMessage.Content.text("Sign in to app.example\nNonce: 42"), typed] {
                let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: version, content: content)
                let call = try Self.getMessageHash.encodeCall([.bytes(try message.digest())])
                let onChain = try await f.remote().call(CallRequest(to: f.safe, data: call))
                #expect(onChain == (try message.hash()), "\(version.rawValue) \(content)")
            }
        }
    }
}

extension OnDevnet.SafeMessageIntegrationTests {
    @Test("two of three owners sign a text message; the Safe's isValidSignature accepts the final signature on every release, and refuses one signature or a signature of the bare digest",
          arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
    func signedMessageVerifiesOnChain(_ version: SafeVersion) async throws {
        let f = try await SafeFixture(devnet: devnet, version: version)
        defer { f.remove() }
        let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: version, content: .text("Sign in to app.example\nNonce: 42"))
        let keys = [4, 5].map { devnet.accounts[$0].key }
        let signatures = try keys.map { try SafeSignature.sign(safeTxHash: try message.hash(), with: $0) }
        func asks(_ signature: [UInt8]) async -> Bool {
            guard let call = try? message.validationCall(signature: signature),
                  let answer = try? await f.remote().call(CallRequest(to: f.safe, data: call)) else { return false }
            return SafeMessage.accepts(answer)
        }
        #expect(await asks(SafeMessage.finalSignature(signatures)), "two owners over the SafeMessage hash")
        #expect(await asks(SafeMessage.finalSignature(signatures.reversed())), "the order given does not matter: packing sorts")
        #expect(await !asks(SafeMessage.finalSignature([signatures[0]])), "one of two is not enough")
        let bare = try keys.map { try SafeSignature.sign(safeTxHash: try message.digest(), with: $0) }
        #expect(await !asks(SafeMessage.finalSignature(bare)), "a signature of the digest itself is not the Safe's")
    }
}

extension OnDevnet.SafeMessageIntegrationTests {
    @Test("a parent Safe owned by a child Safe signs a message once the child's owners sign its hash of what the parent asks; verified on chain on every release",
          arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
    func nestedSafeSignsMessage(_ version: SafeVersion) async throws {
        let f = try await SafeFixture(devnet: devnet, version: version)
        defer { f.remove() }
        // The child is the fixture's 2-of-3 Safe; the parent is owned by the child and owner 6, 2 of 2.
        let parent = try await f.deployParent(version)
        let message = SafeMessage(safe: parent, chainID: devnet.chainID, version: version, content: .text("Vote: yes on proposal 7"))
        let childHash = try message.childMessageHash(child: f.safe, childVersion: version)
        let childSignatures = try [4, 5].map { try SafeSignature.sign(safeTxHash: childHash, with: devnet.accounts[$0].key) }
        let byChild = SafeSignature.contract(owner: f.safe, data: SafeMessage.finalSignature(childSignatures))
        let byOwner6 = try SafeSignature.sign(safeTxHash: try message.hash(), with: devnet.accounts[6].key)
        func accepted(_ signatures: [SafeSignature]) async throws -> Bool {
            let answer = try? await f.remote().call(CallRequest(to: parent, data: try message.validationCall(signature: SafeMessage.finalSignature(signatures))))
            return answer.map(SafeMessage.accepts) ?? false
        }
        #expect(try await accepted([byChild, byOwner6]))
        // The child's owners signing the parent's own hash (the official service's preimage bug) is refused.
        let wrong = try [4, 5].map { try SafeSignature.sign(safeTxHash: try message.hash(), with: devnet.accounts[$0].key) }
        #expect(try await !accepted([SafeSignature.contract(owner: f.safe, data: SafeMessage.finalSignature(wrong)), byOwner6]))
    }
}

extension OnDevnet.SafeMessageIntegrationTests {
    @Test("the real CLI: a text and a typed-data message proposed in one home, passed as a file to another owner's home, signed there, verify on chain; one signature does not")
    func cliMessages() async throws {
        let f = try await SafeFixture(devnet: devnet)
        defer { f.remove() }
        let home = f.first.home, other = f.second.home
        func cli(_ arguments: [String], in home: URL = home) async throws -> (status: Int32, out: String) { try await Self.cli(arguments, home: home) }
        func json(_ arguments: [String], in home: URL = home) async throws -> JSONValue {
            let r = try await cli(["--json"] + arguments, in: home)
            #expect(r.status == 0, "\(arguments): \(r.out)")
            return try JSONParser.parse(Array(r.out.utf8))
        }
        let typedFile = home.appendingPathComponent("order.json")
        try #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Order":[{"name":"amount","type":"uint256"}]},"primaryType":"Order","domain":{"name":"Exchange"},"message":{"amount":"5"}}"#
            .write(to: typedFile, atomically: true, encoding: .utf8)
        for source in [["--text", "Sign in to app.example\nNonce: 7"], ["--typed-data", typedFile.path]] {
            let proposed = try await json(["safe", "message", "propose", f.safe.checksummed] + source + ["--key", "owner4"])
            let hash = try #require(proposed["messageHash"]?.stringValue)
            #expect(proposed["confirmations"] == .number("1") && proposed["finalSignature"] == .null)
            let early = try await cli(["safe", "message", "verify", hash])
            #expect(early.status == 1 && early.out.contains("INVALID"), "one of two signatures: \(early.out)")
            // Passed as a file to owner 5's home, checked and signed there.
            let file = home.appendingPathComponent("message.json")
            #expect(try await cli(["safe", "message", "export", hash, "--out", file.path]).status == 0)
            let imported = try await json(["safe", "message", "import", file.path], in: other)
            #expect(imported["messageHash"]?.stringValue == hash && imported["confirmations"] == .number("1"))
            let signed = try await json(["safe", "message", "sign", hash, "--key", "owner5"], in: other)
            let final = try #require(signed["finalSignature"]?.stringValue)
            #expect(signed["confirmations"] == .number("2") && final.count == 2 + 2 * 130)
            let verified = try await cli(["safe", "message", "verify", hash], in: other)
            #expect(verified.status == 0 && verified.out.contains("valid: the Safe accepts the signature"), "\(verified.out)")
            // The app's own check, with the final signature the CLI printed.
            let digest = try [UInt8](hex: try #require(signed["digest"]?.stringValue))
            let call = try FunctionSignature("isValidSignature(bytes32,bytes)").encodeCall([.bytes(digest), .bytes(try [UInt8](hex: final))])
            #expect(SafeMessage.accepts(try await f.remote().call(CallRequest(to: f.safe, data: call))))
            // An edited file is refused whole.
            let text = try String(contentsOf: file, encoding: .utf8)
            let changed = text.replacingOccurrences(of: "Nonce: 7", with: "Nonce: 8").replacingOccurrences(of: "Exchange", with: "Exchangf")
            #expect(changed != text)
            try changed.write(to: file, atomically: true, encoding: .utf8)
            let edited = try await cli(["safe", "message", "import", file.path], in: other)
            #expect(edited.status == 1, "\(edited)")
        }
        let shown = try await cli(["safe", "message", "list", f.safe.checksummed], in: other)
        #expect(shown.status == 0 && shown.out.split(separator: "\n").count == 2 && shown.out.contains("2 of 2"), "\(shown.out)")
        let stranger = try await cli(["safe", "message", "propose", f.safe.checksummed, "--text", "x", "--typed-data", typedFile.path])
        #expect(stranger.status == 64, "two kinds of message at once is a usage error")
    }
}

extension OnDevnet.SafeMessageIntegrationTests {
    @Test("--on-chain: the proposed SignMessageLib delegatecall reviews without a warning, executes, and then isValidSignature(digest, 0x) accepts",
          arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
    func onChainMessage(_ version: SafeVersion) async throws {
        let f = try await SafeFixture(devnet: devnet, version: version)
        defer { f.remove() }
        let text = "Agree to the terms, v3"
        let proposed = try await OnDevnet.ConfirmationRuleTests.bifrost(
            ["--network", "devnet", "--json", "safe", "message", "propose", f.safe.checksummed, "--text", text, "--on-chain"], home: f.first.home)
        #expect(proposed.status == 0, "\(proposed.out)")
        let hash = try [UInt8](hex: try #require(try JSONParser.parse(Array(proposed.out.utf8))["safeTxHash"]?.stringValue))
        let entry = try await f.first.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: hash)).entry
        let review = try await f.first.services.dispatcher.dispatch(ReviewSafeTransaction(safeTxHash: hash, chain: f.first.chain))
        #expect(review.call.function == "signMessage" && review.call.allWarnings.isEmpty, "\(review.call.allWarnings)")
        let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: version, content: .text(text))
        let unsigned = try? await f.remote().call(CallRequest(to: f.safe, data: try message.validationCall(signature: [])))
        #expect(unsigned.map(SafeMessage.accepts) != true, "not signed on chain before the execution")
        #expect(try await f.signAndExecute(entry).success == true)
        let signed = try await f.remote().call(CallRequest(to: f.safe, data: try message.validationCall(signature: [])))
        #expect(SafeMessage.accepts(signed))
    }
}

extension OnDevnet.SafeMessageIntegrationTests {
    @Test("the real CLI: a parent Safe owned by a child Safe and a key signs a text and a typed-data message; the child's owners sign with --as; verified on chain",
          arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
    func cliNestedMessage(_ version: SafeVersion) async throws {
        let f = try await SafeFixture(devnet: devnet, version: version)
        defer { f.remove() }
        let parent = try await f.deployParent(version)
        _ = try await f.first.importDevKey(devnet, index: 5, name: "owner5")
        _ = try await f.first.importDevKey(devnet, index: 6, name: "owner6")
        let home = f.first.home
        func cli(_ arguments: [String]) async throws -> (status: Int32, out: String) { try await Self.cli(arguments, home: home) }
        let typedFile = home.appendingPathComponent("vote.json")
        try #"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],"Vote":[{"name":"proposal","type":"uint256"},{"name":"support","type":"bool"}]},"primaryType":"Vote","domain":{"name":"DAO","chainId":31337},"message":{"proposal":"7","support":true}}"#
            .write(to: typedFile, atomically: true, encoding: .utf8)
        for source in [["--text", "Vote: yes on proposal 7"], ["--typed-data", typedFile.path]] {
            let proposed = try await cli(["--json", "safe", "message", "propose", parent.checksummed] + source + ["--key", "owner6"])
            let hash = try #require(try JSONParser.parse(Array(proposed.out.utf8))["messageHash"]?.stringValue, "\(proposed.out)")
            for key in ["owner4", "owner5"] {
                let signed = try await cli(["safe", "message", "sign", hash, "--key", key, "--as", f.safe.checksummed])
                #expect(signed.status == 0, "\(signed.out)")
                guard key == "owner4" else { continue }
                // One of the child's two owners: the child's signature is still collecting, so there is no final signature yet.
                let early = try JSONParser.parse(Array(try await cli(["--json", "safe", "message", "show", hash]).out.utf8))
                #expect(early["finalSignature"] == .null && early["missing"] == .array([.string(f.safe.checksummed)]), "\(early)")
            }
            let stranger = try await cli(["safe", "message", "sign", hash, "--key", "owner6", "--as", parent.checksummed])
            #expect(stranger.status != 0, "the parent is not an owner of itself")
            let verified = try await cli(["safe", "message", "verify", hash])
            let shown = try await cli(["safe", "message", "show", hash])
            #expect(verified.status == 0 && verified.out.contains("valid"), "\(version.rawValue) \(source[0]): \(verified.out) \(shown.out)")
        }
    }
}

extension SafeFixture {
    /// A 2-of-2 Safe of `version` owned by this fixture's Safe and owner 6, deployed and followed by the first home.
    func deployParent(_ version: SafeVersion) async throws -> Address {
        try await first.services.dispatcher.dispatch(DeploySafe(
            keyName: "owner4", owners: [safe, owners[2]], threshold: 2, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
            version: version, chain: first.chain, wait: true, password: { "pw" })).safe
    }
}
