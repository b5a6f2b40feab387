import ArgumentParser
import Services

/// `bifrost safe message propose`.
struct SafeMessageProposeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propose",
        abstract: "Propose a message for a followed Safe to sign; with --key, sign it at once.",
        discussion: """
        Give exactly one of --text, --text-file (the text as is) or --typed-data (an eth_signTypedData_v4 JSON file). \
        Works offline: the Safe's chain, release and owners are the followed Safe's. With --on-chain it proposes a \
        Safe transaction instead (a delegatecall to the release's SignMessageLib), signed and executed like any other; \
        then isValidSignature(digest, 0x) accepts.

        Example: bifrost safe message propose 0x1d5e…d5e1 --text-file login.txt --key alice
        """
    )
    @Argument(help: "The followed Safe's address.")
    var safe: AddressValue
    @Option(help: "The text to sign.")
    var text: String?
    @Option(name: .customLong("text-file"), help: ArgumentHelp("A file holding the text to sign; - for stdin.", valueName: "file"))
    var textFile: String?
    @Option(name: .customLong("typed-data"), help: ArgumentHelp("A file holding EIP-712 typed data (eth_signTypedData_v4 JSON).", valueName: "file"))
    var typedData: String?
    @Option(help: "Sign at once with this owner's vault key.")
    var key: String?
    @Flag(name: .customLong("on-chain"), help: "Instead, propose a Safe transaction that marks the message signed on chain (SignMessageLib), for contracts that read signedMessages.")
    var onChain = false
    @OptionGroup var service: ServiceOptions
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard [text != nil, textFile != nil, typedData != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --text, --text-file or --typed-data")
        }
        if onChain && key != nil { throw ValidationError("--on-chain proposes a Safe transaction: sign it with 'bifrost safe sign', not --key") }
        if service.serviceURL != nil && key == nil { throw ValidationError("--service-url needs --key: a service takes a message only with an owner's signature") }
    }

    func run() async throws {
        let content: SafeMessage.Content
        if let text {
            content = .text(text)
        } else if let textFile {
            content = .text(String(decoding: try Input.file(textFile, option: "--text-file"), as: UTF8.self))
        } else {
            let json = String(decoding: try Input.file(typedData ?? "", option: "--typed-data"), as: UTF8.self)
            do { content = try .typedData(json: json) } catch { throw InputError(option: "--typed-data", reason: error.description) }
        }
        if onChain {
            let entry = try await global.services().dispatcher.dispatch(ProposeSafeTransaction(
                safe: safe.address, intent: .signMessage(digest: try content.digest()), chain: global.chain))
            return try global.output.emit(view: SafeProposalView(entry))
        }
        let name = key, passwords = password
        let detail = try await global.services().dispatcher.dispatch(ProposeSafeMessage(
            safe: safe.address, content: content, keyName: key, password: { try passwords.unlock(name ?? "") }))
        if key != nil { try await SafeMessageCommand.share(detail, service, global) }
        try SafeMessageCommand.emit(detail, global)
    }
}
