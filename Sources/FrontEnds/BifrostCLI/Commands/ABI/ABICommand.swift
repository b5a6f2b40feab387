import ArgumentParser

/// `bifrost abi`: Solidity ABI encoding and decoding.
struct ABICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "abi",
        abstract: "Encode calldata and decode ABI data (offline).",
        subcommands: [ABIEncodeCommand.self, ABIDecodeCommand.self]
    )
}
