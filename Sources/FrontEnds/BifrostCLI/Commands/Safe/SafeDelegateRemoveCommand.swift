import ArgumentParser
import Foundation
import Services

/// `bifrost safe delegate remove`.
struct SafeDelegateRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop a proposer of the Safe, signed by the owner who gave it or by the proposer itself.",
        discussion: """
        The Safe's own delegation goes; when there is none, the owner-wide one (every Safe of that owner). \
        --owner-wide takes the owner-wide one even when both exist.

        Example: bifrost safe delegate remove 0x1d5e…d5e1 --delegate 0x90F7…b906 --key alice --service-url URL
        """
    )
    @Argument(help: "The followed Safe's address.")
    var safe: AddressValue
    @Option(help: "The proposer to stop.")
    var delegate: AddressValue
    @Option(help: "The vault key of the owner who gave it, or of the proposer.")
    var key: String
    @Flag(name: .customLong("owner-wide"), help: "Remove the owner-wide delegation (every Safe of the owner).")
    var ownerWide = false
    @OptionGroup var service: ServiceOptions
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let name = key, passwords = password
        let removed = try await global.services().dispatcher.dispatch(RemoveSafeDelegate(
            safe: safe.address, delegate: delegate.address, keyName: key, ownerWide: ownerWide, service: try service.endpoint(),
            chain: global.chain, password: { try passwords.unlock(name) }))
        if global.json { return try global.output.emit(view: SafeDelegateView(removed)) }
        Console.current.out("Removed proposer \(SafeDelegateCommand.line(removed))")
    }
}
