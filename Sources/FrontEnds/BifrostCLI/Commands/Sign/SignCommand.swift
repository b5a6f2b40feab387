import ArgumentParser

/// `bifrost sign`: messages and typed data.
struct SignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign and verify EIP-191 messages and EIP-712 typed data (offline).",
        subcommands: [SignMessageCommand.self, SignTypedDataCommand.self, SignVerifyCommand.self]
    )
}
