import ArgumentParser
import Services

/// `bifrost safe message`: off-chain messages a Safe signs (EIP-1271).
struct SafeMessageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Have a Safe sign an off-chain message (a text or EIP-712 typed data): propose, sign, show, verify on chain.",
        discussion: """
        The owners sign the Safe's SafeMessage hash of the message's digest; once enough have signed, the final \
        signature is what an app passes to the Safe's isValidSignature(digest, signature), which `verify` asks on chain.

        Examples:
          bifrost safe message propose 0x1d5e…d5e1 --text "Sign in to app.example" --key alice
          bifrost safe message sign 0x8c2f…41a0 --key bob
          bifrost safe message show 0x8c2f…41a0
          bifrost safe message verify 0x8c2f…41a0

        With --service-url (or BIFROST_SAFE_SERVICE_URL), propose and sign also send the message and the signatures \
        collected here to a Safe Transaction Service (Safe's, or `bifrost serve`), and list first merges what the \
        service has, verified: hashes recomputed, signatures recovered, contract signatures asked on chain.
        """,
        subcommands: [SafeMessageProposeCommand.self, SafeMessageSignCommand.self, SafeMessageShowCommand.self, SafeMessageListCommand.self,
                      SafeMessageExportCommand.self, SafeMessageImportCommand.self,
                      SafeMessageVerifyCommand.self]
    )

    /// Sends the message and its signatures to `service`, when one is given, and says so (not in JSON).
    static func share(_ detail: SafeMessageDetail, _ service: ServiceOptions, _ global: GlobalOptions) async throws {
        guard let endpoint = try service.optionalEndpoint() else { return }
        let owners = try await global.services().dispatcher.dispatch(ShareSafeMessage(messageHash: detail.entry.messageHash, service: endpoint))
        if !global.json { Console.current.note("Sent to \(endpoint.host): \(owners.count) signature\(owners.count == 1 ? "" : "s").") }
    }

    /// Prints `detail` as lines, or its JSON view.
    static func emit(_ detail: SafeMessageDetail, _ global: GlobalOptions) throws {
        let view = SafeMessageView(detail)
        guard !global.json else { return try global.output.emit(view: view) }
        Console.current.out(view.lines.map { UntrustedText.visible($0) }.joined(separator: "\n"))
    }
}
