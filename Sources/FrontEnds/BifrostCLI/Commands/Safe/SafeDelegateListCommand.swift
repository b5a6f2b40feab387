import ArgumentParser
import Foundation
import Services

/// `bifrost safe delegate list`.
struct SafeDelegateListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the Safe's proposers on the service: its own, and those its owners gave for all their Safes.",
        discussion: "Example: bifrost safe delegate list 0x1d5e…d5e1 --delegator 0x7099…79C8 --json --service-url URL"
    )
    @Argument(help: "The followed Safe's address.")
    var safe: AddressValue
    @Option(help: "Only the proposers this owner gave.")
    var delegator: AddressValue?
    @OptionGroup var service: ServiceOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let listing = try await global.services().dispatcher.dispatch(ListSafeDelegates(
            safe: safe.address, delegator: delegator?.address, service: try service.endpoint(), chain: global.chain))
        if global.json { return try global.output.emit(view: SafeDelegatesView(listing)) }
        if listing.delegates.isEmpty { Console.current.note("No proposers on \(listing.service.host).") }
        for d in listing.delegates { Console.current.out(SafeDelegateCommand.line(d)) }
    }
}
