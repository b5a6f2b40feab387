import ArgumentParser
import BigInt
import Services

/// `bifrost safe`: Safe multisig accounts.
struct SafeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "safe",
        abstract: "Deploy or follow Safe multisig accounts, propose transactions, collect owner signatures, and execute.",
        discussion: """
        The usual flow, with owners on different machines:
          bifrost safe propose SAFE --to ADDRESS --value 0.1ether        # prints the safeTxHash
          bifrost safe sign SAFE_TX_HASH --key alice                     # first owner
          bifrost safe export SAFE_TX_HASH --out tx.json                 # hand the file to the next owner
          bifrost safe import tx.json && bifrost safe sign SAFE_TX_HASH --key bob
          bifrost safe execute SAFE_TX_HASH --key bob --wait             # once the threshold is met
        Signatures can also travel through a Safe Transaction Service: see 'bifrost safe service --help'.
        """,
        subcommands: [SafeCreateCommand.self, SafeReplicateCommand.self, SafeAddCommand.self, SafeListCommand.self, SafeInfoCommand.self,
                      SafeProposeCommand.self, SafeTxHashCommand.self, SafeSignCommand.self, SafeApproveCommand.self, SafeExportCommand.self,
                      SafeExportBatchCommand.self, SafeImportCommand.self, SafeReviewCommand.self, SafeExecuteCommand.self, SafeQueueCommand.self, SafeHistoryCommand.self, SafeModulesCommand.self,
                      SafeEvidenceCommand.self, SafeVerifyEvidenceCommand.self, SafeMessageCommand.self, SafeServiceCommand.self,
                      SafeDelegateCommand.self, SafeUpgradeCommand.self]
    )

    /// The human form of `safe info`.
    static func render(_ state: SafeState, fiat: String? = nil) -> String {
        let s = state.safe
        func none(_ a: Address) -> String { a == .zero ? "none" : a.checksummed }
        var lines = ["Safe \(s.address.checksummed)" + (s.name.map { "  (\(UntrustedText.visible($0)))" } ?? "") + "  on chain \(s.chainID)"]
        let label = "owners (\(s.threshold) of \(s.owners.count)):"
        let width = max(label.count, 18)
        func row(_ key: String, _ value: String) { lines.append(key.padding(toLength: width, withPad: " ", startingAt: 0) + " " + value) }
        row("version:", s.version)
        if !s.isDeployed { row("deployed:", "no (counterfactual): its first executed transaction deploys it") }
        for (i, owner) in s.owners.enumerated() {
            row(i == 0 ? label : "", owner.checksummed + (state.contractOwners.contains(owner) ? "  (contract)" : ""))
        }
        row("nonce:", String(s.nonce))
        var assets = [("ETH", state.balance.exact(in: .ether))] + state.tokens.map { (UntrustedText.visible($0.symbol), $0.amount.description) }
        let amountWidth = assets.map(\.1.count).max() ?? 0
        assets = assets.map { (String(repeating: " ", count: amountWidth - $0.1.count) + $0.1, $0.0) }
        for (i, asset) in assets.enumerated() { row(i == 0 ? "balance:" : "", "\(asset.0) \(asset.1)") }
        if let fiat { row("", fiat) }
        row("modules:", s.modules.isEmpty ? "none" : s.modules.map(\.checksummed).joined(separator: ", "))
        row("fallback handler:", none(s.fallbackHandler))
        row("guard:", none(s.guardAddress))
        if let singleton = state.singleton { row("singleton:", singleton.checksummed) }
        for risk in state.risks.map(SafeRiskView.init) {
            lines.append("RISK \(risk.severity.uppercased()) (\(risk.name)): \(UntrustedText.visible(risk.message))")
        }
        return lines.joined(separator: "\n")
    }
}
