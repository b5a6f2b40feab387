import ArgumentParser
import Services

/// `bifrost safe message sign`.
struct SafeMessageSignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a proposed Safe message with an owner's vault key; works offline.",
        discussion: """
        A key that is not an owner of the Safe is refused before the password is asked. With --as SAFE, the key signs \
        for an owner that is itself a Safe (followed here, and the key one of its owners): SAFE's own SafeMessage hash \
        of what the Safe will ask it, which differs by release; SAFE's signature counts once enough of its owners signed.

        Examples:
          bifrost safe message sign 0x8c2f…41a0 --key bob
          bifrost safe message sign 0x8c2f…41a0 --key carol --as 0x9a4c…70e2
        """
    )
    @Argument(help: ArgumentHelp("The SafeMessage hash.", valueName: "message-hash"))
    var messageHash: MessageHashValue
    @Option(help: "The owner's key: a vault key, or a Ledger key (confirm on the device).")
    var key: String
    @Option(name: .customLong("as"), help: ArgumentHelp("Sign for this owner Safe, as one of its owners.", valueName: "SAFE"))
    var ownerSafe: AddressValue?
    @OptionGroup var service: ServiceOptions
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let name = key, passwords = password
        let detail = try await global.services().dispatcher.dispatch(SignSafeMessage(
            messageHash: messageHash.bytes, keyName: key, ownerSafe: ownerSafe?.address, password: { try passwords.unlock(name) }))
        try await SafeMessageCommand.share(detail, service, global)
        try SafeMessageCommand.emit(detail, global)
    }
}
