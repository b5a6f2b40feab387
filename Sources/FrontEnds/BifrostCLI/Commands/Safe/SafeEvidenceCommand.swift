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
        discussion: """
        A delegatecall target counts as trusted only when this verifier trusts it: the official MultiSend, \
        SignMessageLib and SafeMigration contracts, the contracts of the networks this home knows on the \
        file's chain, and each --trust-delegate. The file's trustedDelegates (what its writer trusted) \
        never adds to that; one this verifier does not trust is named. The seal shows only that no byte \
        changed: the simulation, the block it ran at, the effect, the events and the risks are what the \
        writer's node answered, and are named as not re-checked, since only a node can check them.
        """
    )
    @Argument(help: ArgumentHelp("The file written by 'bifrost safe evidence'; - for stdin.", valueName: "file"))
    var file: String
    @Option(name: .customLong("trust-delegate"), help: ArgumentHelp("Also trust this delegatecall target (repeat for more).", valueName: "address"))
    var trustDelegate: [AddressValue] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let text = String(decoding: try Input.file(file, option: "FILE"), as: UTF8.self)
        let verdict = try await global.services().dispatcher.dispatch(VerifySafeEvidence(text: text, trusting: trustDelegate.map(\.address)))
        let view = SafeEvidenceVerdictView(verdict)
        if global.json {
            try global.output.emit(view: view)
        } else {
            let console = Console.current
            for line in view.checked { console.out("ok: \(UntrustedText.visible(line))") }
            for line in view.mismatches { console.out("MISMATCH: \(UntrustedText.visible(line))") }
            for address in view.untrustedDelegates {
                console.out("not trusted: \(address), which the file's writer trusted as a delegatecall target (--trust-delegate \(address) to trust it)")
            }
            for line in view.needsNode { console.out("not re-checked, needs a node: \(UntrustedText.visible(line))") }
        }
        if !verdict.holds { throw ExitCode.failure }
    }
}
