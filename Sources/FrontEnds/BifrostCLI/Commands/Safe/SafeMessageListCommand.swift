import ArgumentParser
import Services

/// `bifrost safe message list`.
struct SafeMessageListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List a followed Safe's messages, newest first, with their signatures; with --service-url, merge the service's first.")
    @Argument(help: "The followed Safe's address.")
    var safe: AddressValue
    @OptionGroup var service: ServiceOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        if let endpoint = try service.optionalEndpoint() {
            let pulled = try await global.services().dispatcher.dispatch(ServiceListSafeMessages(safe: safe.address, service: endpoint, chain: global.chain))
            for reason in pulled.setAside { Console.current.err("warning: set aside what does not verify: \(reason)") }
        }
        let details = try await global.services().dispatcher.dispatch(ListSafeMessages(safe: safe.address))
        if global.json { return global.output.emit([("messages", try Output.json(details.map(SafeMessageView.init)))]) }
        if details.isEmpty { return Console.current.out("No messages for \(safe.address.checksummed).") }
        for view in details.map(SafeMessageView.init) {
            let what = view.kind == "text" ? view.message.split(separator: "\n").first.map(String.init) ?? "" : "typed data"
            Console.current.out(UntrustedText.visible("\(view.messageHash)  \(view.confirmations) of \(view.threshold)  \(what)"))
        }
    }
}
