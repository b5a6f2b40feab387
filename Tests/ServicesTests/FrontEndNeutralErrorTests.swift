import BigInt
import Foundation
import Services
import Testing

/// The layers below the front ends word their errors without any front end's controls: no flag,
/// no command. The CLI adds those when it renders an error (BifrostCLITests' ErrorWordingTests).
@Suite("Errors below the front ends name no flag and no command")
struct FrontEndNeutralErrorTests {
    static let a = Address(word: [UInt8](repeating: 0x11, count: 32))

    /// One value of every case of the errors that used to carry command-line words.
    static let errors: [any Error & CustomStringConvertible] = [
        ChainError.noNetwork, ChainError.unknownNetwork("main"),
        ChainError.chainIDMismatch(network: "n", expected: 1, actual: 2), ChainError.insufficientFunds(have: 1, need: 2),
        ChainError.insufficientTokenBalance(symbol: "T", have: "1", need: "2"), ChainError.wouldRevert("r"),
        ChainError.notAToken(a), ChainError.timeout(hash: "0xab", seconds: 5),
        SafeError.notASafe(a), SafeError.unsupportedVersion(address: a, version: "1.1.1"), SafeError.unknownSafe(a),
        SafeError.unknownTransaction("0xab"), SafeError.notAnOwner(signer: a, safe: a),
        SafeError.notEnoughSignatures(have: 1, need: 2, missing: [a]), SafeError.nonceUsed(nonce: 1, current: 2),
        SafeError.nonceAhead(nonce: 3, current: 2), SafeError.wrongChain(safeChain: 1, nodeChain: 2),
        SafeError.noContracts("proxy factory", chainID: 5), SafeError.alreadyDeployed(a), SafeError.alreadyExecuted("0xab"),
        SafeError.singletonVersion(a, reports: "1.4.1", expected: .v1_3_0),
        SafeError.importRejected("r"), SafeError.noSignatureToPropose("0xab"), SafeError.noTokenDecimals(a),
        TransactionDraftError.missingFees, TransactionDraftError.mixedFeeModels,
        TransactionDraftError.incompleteDynamicFees, TransactionDraftError.priorityAboveMaxFee,
        SigningKeyError.none, SigningKeyError.ambiguous([.vault, .text, .file("k.hex")]), SigningKeyError.invalid(.text),
        SigningKeyError.invalid(.file("k.hex")), SigningKeyError.invalid(.environment),
        VaultError.nameTaken("a"), VaultError.notFound("a"), VaultError.noMnemonic("a"),
        VaultError.invalidPrivateKey, VaultError.emptyPassword,
    ]

    /// A flag (`--x`) or a `bifrost` command in `text`.
    static func frontEndWords(_ text: String) -> String? {
        if let flag = text.range(of: #"--[a-z]"#, options: .regularExpression) { return String(text[flag.lowerBound...]) }
        if let command = text.range(of: #"bifrost [a-z]"#, options: .regularExpression) { return String(text[command.lowerBound...]) }
        return nil
    }

    @Test("every case of the chain, Safe, draft, signing-key and key-store errors is worded without a flag or a command")
    func everyCase() {
        for error in Self.errors {
            #expect(Self.frontEndWords(error.description) == nil, "\(type(of: error)): \(error.description)")
        }
    }

    @Test("no string literal in EthereumKit, SafeKit, Storage, Networking or Services names a flag or a bifrost command")
    func noLiteral() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Wallet").standardized
        var scanned = 0
        for module in ["EthereumKit", "SafeKit", "Storage", "Networking", "Services"] {
            let root = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                scanned += 1
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                for (n, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    for literal in line.matches(of: #/"(?:[^"\\]|\\.)*"/#) {
                        #expect(Self.frontEndWords(String(literal.output)) == nil, "\(module)/\(file.lastPathComponent):\(n + 1): \(literal.output)")
                    }
                }
            }
        }
        #expect(scanned > 100, "the scan must reach the sources")
    }

    @Test("the scan finds a flag and a command where there is one")
    func scanCanFail() {
        #expect(Self.frontEndWords("give --rpc-url URL") == "--rpc-url URL")
        #expect(Self.frontEndWords("see 'bifrost key list'") == "bifrost key list'")
        #expect(Self.frontEndWords("a gas price of -5 -- no") == nil)
    }
}
