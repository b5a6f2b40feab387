import ArgumentParser
import Foundation
import Services

/// `bifrost safe delegate add`.
struct SafeDelegateAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Let an address propose to the Safe on the service, signed by an owner's key.",
        discussion: """
        The owner's key signs the service's EIP-712 Delegate message for the delegate and this hour; \
        the key must be an owner of the followed Safe (refused before the password is asked).

        Example: bifrost safe delegate add 0x1d5e…d5e1 --delegate 0x90F7…b906 --label "payroll bot" --key alice --expires 2026-12-31 --service-url URL
        """
    )
    @Argument(help: "The followed Safe's address.")
    var safe: AddressValue
    @Option(help: "The address to let propose.")
    var delegate: AddressValue
    @Option(help: "A name the owners know it by.")
    var label: String
    @Option(help: "The owner's vault key that gives it.")
    var key: String
    @Flag(name: .customLong("owner-wide"), help: "Let it propose to every Safe the owner owns, not only this one.")
    var ownerWide = false
    @Option(help: ArgumentHelp("When it stops: a date (2026-12-31, midnight UTC) or an ISO 8601 time.", valueName: "date"))
    var expires: ExpiryValue?
    @OptionGroup var service: ServiceOptions
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let name = key, passwords = password
        let added = try await global.services().dispatcher.dispatch(AddSafeDelegate(
            safe: safe.address, delegate: delegate.address, label: label, keyName: key, ownerWide: ownerWide, expiry: expires?.date,
            service: try service.endpoint(), chain: global.chain, password: { try passwords.unlock(name) }))
        if global.json { return try global.output.emit(view: SafeDelegateView(added)) }
        Console.current.out("Added proposer \(SafeDelegateCommand.line(added))")
        Console.current.err("Next: bifrost safe propose \(safe.address.checksummed) … --key NAME --service-url URL, with the proposer's key")
    }
}

/// An expiry date: `YYYY-MM-DD` (midnight UTC) or an ISO 8601 time.
struct ExpiryValue: OptionValue {
    let date: Date
    static func parse(_ text: String) throws -> ExpiryValue {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return ExpiryValue(date: date) }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return ExpiryValue(date: date) }
        if let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) { return ExpiryValue(date: date) }
        throw InputError(option: "--expires", reason: "'\(text)' is not a date such as 2026-12-31 or 2026-12-31T18:00:00Z")
    }
    var description: String { date.formatted(.iso8601) }
}
