import ArgumentParser
import Foundation
import Services

/// `bifrost send`: ether or tokens from a vault key.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send ether or an ERC-20 token from a vault key; fees, nonce and gas are worked out for you.",
        discussion: """
        Before anything is signed Bifrost checks the node's chain ID against the network, simulates \
        the transfer, and refuses when the balance cannot cover value plus the maximum gas cost. \
        The transaction is recorded locally before it is broadcast ('bifrost tx list').

        Examples:
          bifrost send --key alice --to 0x7099…79C8 --value 0.5ether --wait
          bifrost send --key alice --to 0x7099…79C8 --token 0x58c1…bf98 --amount 12.5 --json
        """
    )

    @Option(help: "The key that pays: a vault key, or a Ledger key (confirm on the device).")
    var key: String
    @Option(help: "Recipient address.")
    var to: AddressValue
    @Option(help: "Ether to send, e.g. 0.5ether or plain wei.")
    var value: AmountValue?
    @Option(help: "Token contract, with --amount in the token's units.")
    var token: AddressValue?
    @Option(help: "Token amount in display units, e.g. 12.5.")
    var amount: String?
    @Flag(help: "Wait for the receipt, showing progress.")
    var wait = false
    @Option(help: "Seconds to wait for the receipt.")
    var timeout: Int = 120
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (value == nil) != (token == nil) else { throw ValidationError("give --value AMOUNT, or --token ADDRESS with --amount AMOUNT") }
        guard (token == nil) == (amount == nil) else { throw ValidationError("--token and --amount go together") }
    }

    func run() async throws {
        let services = try global.services()
        let recipient = to.address
        let transfer: Transfer
        if let token, let amount {
            let tokenAddress = token.address
            let meta = try await services.dispatcher.dispatch(FetchBalances(address: recipient, tokens: [tokenAddress], chain: global.chain)).tokens[0]
            let raw: TokenAmount
            do { raw = try meta.amount(parsing: amount) } catch {
                throw InputError(option: "--amount", reason: error.description)
            }
            transfer = .token(tokenAddress, to: recipient, amount: raw.raw)
        } else {
            transfer = .ether(to: recipient, wei: value?.wei ?? 0)
        }
        let name = key
        let passwords = password
        let json = global.json
        let result = try await services.dispatcher.dispatch(SendTransaction(
            keyName: key, transfer: transfer, chain: global.chain, wait: wait, timeoutSeconds: timeout,
            password: { try passwords.unlock(name) },
            progress: { step in if !json { SendCommand.report(step) } }
        ))
        try global.output.emit(view: SendResultView(result.transaction))
    }

    /// Progress goes to stderr so stdout stays the result.
    static func report(_ step: SendProgress) {
        let err = Console.current.progress
        switch step {
        case .preparing: err("Checking chain, balance, nonce and fees…")
        case .signed(let hash): err("Signed \(Hex.encode(hash))")
        case .broadcast: err("Broadcast; the node accepted it.")
        case .waiting(_, let seconds): err("Waiting for a block… \(seconds) s")
        case .mined(let block): err("Mined in block \(block).")
        }
    }
}
