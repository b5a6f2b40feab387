import ArgumentParser
import Foundation
import Services

/// `bifrost safe service`: signatures through a Safe Transaction Service.
struct SafeServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Share transactions and signatures through a Safe Transaction Service instead of files.",
        discussion: """
        Everything the service returns is verified here: hashes are recomputed and signatures \
        recovered; approved hashes and contract signatures are checked on chain. Safe's hosted service \
        is https://api.safe.global/tx-service/SHORTNAME (eth, sep, base, …) and needs an API key.

        Examples:
          bifrost safe service propose 0x5f3a…9c1e --service-url https://api.safe.global/tx-service/sep --api-key-file ~/.safe-api-key
          bifrost safe service list 0x1d5e…d5e1 --service-url https://api.safe.global/tx-service/sep --api-key-file ~/.safe-api-key
        """,
        subcommands: [SafeServiceProposeCommand.self, SafeServiceConfirmCommand.self, SafeServiceListCommand.self]
    )
}

/// The service's address and credentials.
struct ServiceOptions: ParsableArguments {
    @Option(name: .customLong("service-url"), help: ArgumentHelp("Base URL of the Transaction Service (env BIFROST_SAFE_SERVICE_URL).", valueName: "url"))
    var serviceURL: String?
    @Option(name: .customLong("api-key-file"), help: ArgumentHelp("File whose first line is the service API key.", valueName: "file"))
    var apiKeyFile: String?

    func endpoint() throws -> SafeServiceEndpoint {
        guard let endpoint = try optionalEndpoint() else { throw ValidationError("give --service-url URL (or set BIFROST_SAFE_SERVICE_URL)") }
        return endpoint
    }

    /// The service, or nil when none was given.
    func optionalEndpoint() throws -> SafeServiceEndpoint? {
        guard let text = serviceURL ?? ProcessInfo.processInfo.environment["BIFROST_SAFE_SERVICE_URL"], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw InputError(option: "--service-url", reason: "'\(text)' is not an http(s) URL")
        }
        return SafeServiceEndpoint(url: url, apiKey: try apiKeyFile.map { try PasswordOptions.firstLine(of: $0, option: "--api-key-file") })
    }
}

/// `bifrost safe service propose`.
struct SafeServiceProposeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propose", abstract: "Propose a signed transaction to the service, with every signature collected here.")
    @OptionGroup var post: ServicePostOptions

    func run() async throws { try await post.run(propose: true) }
}

/// `bifrost safe service confirm`.
struct SafeServiceConfirmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm", abstract: "Post the signatures collected here to a transaction already on the service.")
    @OptionGroup var post: ServicePostOptions

    func run() async throws { try await post.run(propose: false) }
}

/// What `service propose` and `service confirm` take; they differ only in whether the first signature proposes.
struct ServicePostOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @OptionGroup var service: ServiceOptions
    @OptionGroup var global: GlobalOptions

    func run(propose: Bool) async throws {
        let owners = try await global.services().dispatcher.dispatch(PostSafeSignatures(
            safeTxHash: safeTxHash.bytes, service: try service.endpoint(), propose: propose))
        global.output.emit([("safeTxHash", .string(safeTxHash.description)), ("posted", .array(owners.map { .string($0.checksummed) }))])
    }
}

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
            global.output.emit([("transactions", .array(items.map { i in
                .object([
                    (key: "safeTxHash", value: .string(Hex.encode(i.safeTxHash))), (key: "nonce", value: .number(String(i.transaction.nonce))),
                    (key: "to", value: .string(i.transaction.to.checksummed)), (key: "value", value: .string(String(i.transaction.value))),
                    (key: "confirmations", value: .array(i.confirmations.map { .string($0.owner.checksummed) })),
                    (key: "confirmed", value: .number(String(i.count.confirmed))), (key: "threshold", value: .number(String(i.count.threshold))),
                    (key: "missing", value: .array(i.count.missing.map { .string($0.checksummed) })),
                    (key: "rejected", value: .array(i.rejected.map(JSONValue.string))),
                ])
            })), ("setAside", .array(listing.setAside.map(JSONValue.string)))])
            return
        }
        for reason in listing.setAside { Console.current.err("warning: set aside an entry that does not verify: \(reason)") }
        if items.isEmpty { Console.current.note("Nothing pending on the service.") }
        for i in items {
            let ready = i.count.isReady ? "ready" : "\(i.count.confirmed) of \(i.count.threshold) confirmed"
            Console.current.out("nonce \(i.transaction.nonce)  \(ready)  \(Hex.encode(i.safeTxHash))")
            for r in i.rejected { Console.current.err("  ignored a confirmation: \(r)") }
        }
    }
}
