import ArgumentParser
import BigInt
import Services

/// `bifrost safe tx-hash`: offline.
struct SafeTxHashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tx-hash",
        abstract: "Compute a Safe transaction's EIP-712 safeTxHash offline, with its domain separator, struct hash and fields.",
        discussion: """
        Use it to check what a hardware wallet or another owner is asked to sign: the fields are listed \
        in the order a hardware wallet shows them. Versions before \
        1.3.0 hash without the chain ID, and --chain-id is then ignored.

        Example:
          bifrost safe tx-hash --safe 0x1d5e…d5e1 --chain-id 1 --nonce 7 --to 0x7099…79C8 --value 0.1ether
        """
    )
    @Option(help: "The Safe's address (the EIP-712 verifying contract).")
    var safe: AddressValue
    @Option(name: .customLong("chain-id"), help: "Chain ID.")
    var chainID: QuantityValue
    @Option(help: "The Safe nonce the transaction uses.")
    var nonce: QuantityValue
    @Option(help: "Recipient or contract called.")
    var to: AddressValue
    @Option(help: "Ether value, e.g. 0.1ether or plain wei.")
    var value: AmountValue
    @Option(help: "Calldata as hex.")
    var data = HexValue([])
    @Option(help: "call or delegatecall.")
    var operation = OperationValue(operation: .call)
    @Option(name: .customLong("safe-tx-gas"), help: "safeTxGas.")
    var safeTxGas = QuantityValue(0)
    @Option(name: .customLong("base-gas"), help: "baseGas (dataGas before 1.0.0).")
    var baseGas = QuantityValue(0)
    @Option(name: .customLong("gas-price"), help: "gasPrice for the refund, in wei.")
    var gasPrice = QuantityValue(0)
    @Option(name: .customLong("gas-token"), help: "Refund token (zero address: ether).")
    var gasToken = AddressValue(address: .zero)
    @Option(name: .customLong("refund-receiver"), help: "Refund receiver (zero address: the executor).")
    var refundReceiver = AddressValue(address: .zero)
    @Option(name: .customLong("safe-version"), help: "Safe contract version: 1.3.0, 1.4.1 or 1.5.0 (older ones hash too).")
    var safeVersion = SafeVersionValue(version: .v1_4_1)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let tx = SafeTx(
            safe: safe.address, chainID: chainID.value, version: safeVersion.version, to: to.address, value: value.wei, data: data.bytes,
            operation: operation.operation,
            safeTxGas: safeTxGas.value, baseGas: baseGas.value, gasPrice: gasPrice.value, gasToken: gasToken.address,
            refundReceiver: refundReceiver.address, nonce: nonce.value)
        let view = try SafeHashesView(tx)
        guard !global.json else { return try global.output.emit(view: view) }
        Console.current.out(view.lines.joined(separator: "\n"))
    }
}
