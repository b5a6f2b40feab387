import ArgumentParser
import Foundation
import Services

/// `bifrost safe evidence`.
struct SafeEvidenceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evidence",
        abstract: "Write what you reviewed to one JSON file that can be checked offline later ('bifrost safe verify-evidence').",
        discussion: """
        The file holds the transaction's raw fields, chain ID, Safe and release, the domain hash, message \
        hash and safeTxHash, the decoded calls, the warnings, the simulation with the number and hash of \
        the block it ran on, the Safe after the transaction and the risks, sealed by evidenceHash. It is \
        the same for the same review, byte for byte, and holds no secret.

        Example:
          bifrost safe evidence 0x5f3a…9c1e --out evidence.json && bifrost safe verify-evidence evidence.json
        """
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: ArgumentHelp("Where to write it; - for stdout.", valueName: "file"))
    var out: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let document = try await global.services().dispatcher.dispatch(SafeEvidenceQuery(safeTxHash: safeTxHash.bytes, chain: global.chain))
        guard try OutFile.write(document, to: out, isJSON: true) else { return }
        if global.json {
            global.output.emit([("path", .string(out)), ("safeTxHash", .string(Hex.encode(safeTxHash.bytes)))])
        } else {
            Console.current.out("Evidence written to \(out)")
        }
    }
}

/// `bifrost safe verify-evidence`.
struct SafeVerifyEvidenceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-evidence",
        abstract: "Check an evidence file offline: its seal, the hashes from its fields, the decoding and the warnings; exit 1 on any mismatch.",
        discussion: "What needs a node (the simulation, the after-state, the risks that depend on the chain) is named, not checked."
    )
    @Argument(help: ArgumentHelp("The file written by 'bifrost safe evidence'; - for stdin.", valueName: "file"))
    var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let verdict = SafeEvidence.verify(String(decoding: try Input.file(file, option: "FILE"), as: UTF8.self))
        let view = SafeEvidenceVerdictView(verdict)
        if global.json {
            try global.output.emit(view: view)
        } else {
            let console = Console.current
            for line in view.checked { console.out("ok: \(UntrustedText.visible(line))") }
            for line in view.mismatches { console.out("MISMATCH: \(UntrustedText.visible(line))") }
            for line in view.needsNode { console.out("needs a node: \(UntrustedText.visible(line))") }
        }
        if !verdict.holds { throw ExitCode.failure }
    }
}
