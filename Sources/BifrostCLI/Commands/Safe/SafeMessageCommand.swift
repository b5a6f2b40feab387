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
        """,
        subcommands: [SafeMessageProposeCommand.self, SafeMessageSignCommand.self, SafeMessageShowCommand.self, SafeMessageListCommand.self,
                      SafeMessageExportCommand.self, SafeMessageImportCommand.self,
                      SafeMessageVerifyCommand.self]
    )

    /// Prints `detail` as lines, or its JSON view.
    static func emit(_ detail: SafeMessageDetail, _ global: GlobalOptions) throws {
        let view = SafeMessageView(detail)
        guard !global.json else { return try global.output.emit(view: view) }
        Console.current.out(view.lines.map { TerminalText.oneLine($0) }.joined(separator: "\n"))
    }
}
