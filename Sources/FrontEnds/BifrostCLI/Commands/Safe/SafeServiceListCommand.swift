import ArgumentParser
import Foundation
import Services

/// `bifrost safe service list`.
struct SafeServiceListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the Safe's pending transactions on the service and merge them into the local queue.")
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @OptionGroup var service: ServiceOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let listing = try await global.services().dispatcher.dispatch(ServiceListSafeTransactions(
            safe: safe.address, service: try service.endpoint(), chain: global.chain))
        let items = listing.transactions
        if global.json {
            try global.output.emit(view: ServicePendingView(listing))
            return
        }
        for reason in listing.setAside { Console.current.err("warning: set aside an entry that does not verify: \(reason)") }
        Console.current.note("Read \(listing.pages) page\(listing.pages == 1 ? "" : "s") of the service's listing.")
        if items.isEmpty { Console.current.note("Nothing pending on the service.") }
        for i in items {
            let ready = i.count.isReady ? "ready" : "\(i.count.confirmed) of \(i.count.threshold) confirmed"
            Console.current.out("nonce \(i.transaction.nonce)  \(ready)  \(Hex.encode(i.safeTxHash))")
            for r in i.rejected { Console.current.err("  ignored a confirmation: \(r)") }
        }
    }
}
