import ArgumentParser
import Services

/// `bifrost tx sign`: a signed raw transaction from explicit fields.
struct TxSignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a transaction offline and print the raw bytes, hash and sender.",
        discussion: """
        The fee options choose the type: --gas-price alone signs a legacy EIP-155 transaction, \
        --gas-price with --access-list an EIP-2930 one, and --max-fee-per-gas with \
        --max-priority-fee-per-gas an EIP-1559 (type 2) one. Amounts take units or plain wei.

        Example:
          bifrost tx sign --chain-id 1 --nonce 0 --to 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed \\
            --value 0.1ether --gas-limit 21000 --max-fee-per-gas 30gwei --max-priority-fee-per-gas 1gwei \\
            --private-key-file key.hex --json
        """
    )

    @Option(name: .customLong("chain-id"), help: "Chain ID (1 mainnet, 11155111 Sepolia, …).")
    var chainID: QuantityValue
    @Option(help: "Sender's nonce.")
    var nonce: QuantityValue
    @Option(help: "Recipient address.")
    var to: AddressValue
    @Option(help: "Amount to send, e.g. 1.5ether or plain wei.")
    var value = AmountValue(wei: 0)
    @Option(name: .customLong("gas-limit"), help: "Gas limit, e.g. 21000.")
    var gasLimit: QuantityValue
    @Option(name: .customLong("gas-price"), help: "Gas price for legacy and EIP-2930 transactions, e.g. 20gwei.")
    var gasPrice: AmountValue?
    @Option(name: .customLong("max-fee-per-gas"), help: "EIP-1559 fee cap, e.g. 30gwei.")
    var maxFeePerGas: AmountValue?
    @Option(name: .customLong("max-priority-fee-per-gas"), help: "EIP-1559 tip, e.g. 1gwei.")
    var maxPriorityFeePerGas: AmountValue?
    @Option(help: "Calldata as hex.")
    var data: HexValue?
    @Option(name: .customLong("access-list"), help: ArgumentHelp("Access list as JSON: [{\"address\":\"0x…\",\"storageKeys\":[\"0x…\"]}].", valueName: "json"))
    var accessList: String?

    @OptionGroup var key: KeyOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let draft = TransactionDraft(
            chainID: chainID.value,
            nonce: nonce.value,
            to: to.address,
            value: value.wei,
            gasLimit: gasLimit.value,
            gasPrice: gasPrice?.wei,
            maxFeePerGas: maxFeePerGas?.wei,
            maxPriorityFeePerGas: maxPriorityFeePerGas?.wei,
            data: data?.bytes ?? [],
            accessList: try accessList.map(parseAccessList)
        )
        _ = try draft.build()
        let summary = try await OfflineTransactions().sign(draft, with: try await key.resolve(global))
        try global.output.emit(view: SignedRawView(summary))
    }

    private func parseAccessList(_ text: String) throws -> [AccessListEntry] {
        do {
            return try AccessListJSON.parse(try JSONParser.parse(text))
        } catch {
            throw InputError(option: "--access-list", reason: String(describing: error))
        }
    }
}
