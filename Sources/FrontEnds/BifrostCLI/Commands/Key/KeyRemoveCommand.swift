import ArgumentParser
import Services

/// `bifrost key remove`: deletes a key and its secrets.
struct KeyRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete a key and its encrypted secrets from the vault.",
        discussion: "Without --yes you are asked to type the name again. Export or back up the phrase first."
    )

    @Option(help: "Name of the key.")
    var name: String
    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let keys = try global.services().dispatcher
        let account = try await keys.dispatch(FindKey(name: name))
        if !yes {
            guard let typed = PasswordPrompt.visible("Type '\(name)' to delete \(account.address.checksummed) for good: ") else {
                throw PasswordError(description: "refusing to delete without confirmation: add --yes")
            }
            guard typed == name else { throw PasswordError(description: "the name did not match; nothing was deleted") }
        }
        try await keys.dispatch(RemoveKey(name: name))
        try global.output.emit(view: KeyFileView.removed(name: name))
    }
}
