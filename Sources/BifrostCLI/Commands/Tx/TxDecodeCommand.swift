import ArgumentParser
import BigInt
import Services

/// `bifrost tx decode`: the fields and sender of a signed raw transaction.
struct TxDecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a signed raw transaction (legacy, EIP-2930, EIP-1559) and recover its sender.",
        discussion: "Example: bifrost tx decode 0x02f8… --json"
    )

    @Argument(help: ArgumentHelp("The signed raw transaction, as hex.", valueName: "raw"))
    var raw: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let summary = try OfflineTransactionService().decode(try Input.hex(raw, option: "RAW"))
        global.output.emit(TxDecodeCommand.fields(summary))
    }

    static func fields(_ summary: TransactionSummary) -> [(String, JSONValue)] {
        let tx = summary.signed.transaction
        func n(_ v: BigUInt) -> JSONValue { .string(String(v)) }
        var out: [(String, JSONValue)] = [
            ("type", .number(String(tx.type.rawValue))),
            ("chainId", tx.chainID.map(n) ?? .null),
            ("nonce", n(tx.nonce)),
            ("to", tx.to.map { .string($0.checksummed) } ?? .null),
            ("value", n(tx.value)),
            ("gasLimit", n(tx.gasLimit)),
        ]
        switch tx.type {
        case .legacy, .accessList:
            out.append(("gasPrice", n(tx.gasPrice)))
        case .dynamicFee:
            out.append(("maxFeePerGas", n(tx.maxFeePerGas)))
            out.append(("maxPriorityFeePerGas", n(tx.maxPriorityFeePerGas)))
        }
        out.append(("data", .string(Hex.encode(tx.data))))
        if tx.type != .legacy { out.append(("accessList", AccessListJSON.json(tx.accessList))) }
        out += [
            ("v", n(summary.signed.v)),
            ("r", .string(Hex.encode(summary.signed.signature.r))),
            ("s", .string(Hex.encode(summary.signed.signature.s))),
            ("hash", .string(summary.hashHex)),
            ("from", .string(summary.from.checksummed)),
        ]
        return out
    }
}
