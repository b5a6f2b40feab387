import ArgumentParser
import Services

/// `bifrost safe message sign`.
struct SafeMessageSignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a proposed Safe message with an owner's vault key; works offline.",
        discussion: "A key that is not an owner of the Safe is refused before the password is asked.\n\nExample: bifrost safe message sign 0x8c2f…41a0 --key bob"
    )
    @Argument(help: ArgumentHelp("The SafeMessage hash.", valueName: "message-hash"))
    var messageHash: MessageHashValue
    @Option(help: "The owner's vault key.")
    var key: String
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let name = key, passwords = password
        let detail = try await global.services().dispatcher.dispatch(SignSafeMessage(
            messageHash: messageHash.bytes, keyName: key, password: { try passwords.unlock(name) }))
        try SafeMessageCommand.emit(detail, global)
    }
}
