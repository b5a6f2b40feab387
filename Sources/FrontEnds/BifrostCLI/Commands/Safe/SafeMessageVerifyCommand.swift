import ArgumentParser
import Services

/// `bifrost safe message verify`.
struct SafeMessageVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Ask the Safe on chain whether the collected signatures sign the message (EIP-1271 isValidSignature); exit 1 if not.")
    @Argument(help: ArgumentHelp("The SafeMessage hash.", valueName: "message-hash"))
    var messageHash: MessageHashValue
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let verdict = try await global.services().dispatcher.dispatch(VerifySafeMessage(messageHash: messageHash.bytes, chain: global.chain))
        if global.json {
            try global.output.emit(view: SafeMessageVerdictView(verdict))
        } else {
            Console.current.out(verdict.valid ? "valid: the Safe accepts the signature" : "INVALID: \(UntrustedText.visible(verdict.reason ?? "refused"))")
        }
        if !verdict.valid { throw ExitCode(1) }
    }
}
