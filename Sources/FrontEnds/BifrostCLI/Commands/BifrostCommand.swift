import ArgumentParser

/// The `bifrost` root command.
struct BifrostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bifrost",
        abstract: "A self-custody Ethereum wallet for Safe multisig accounts.",
        discussion: """
        Every command prints text for people, or exactly one JSON object with --json. Errors go to \
        stderr as one line, with a non-zero exit code. Hex input is accepted with or without 0x; \
        amounts take units (1.5ether, 20gwei) or plain wei.

        Global options, before or after the command: --home DIR, --rpc-url URL, --network NAME, \
        --json, --quiet. Shell completions: bifrost completion bash|zsh|fish.

        Examples:
          bifrost util keccak --text hello
          bifrost abi encode 'transfer(address,uint256)' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed 1ether
          bifrost tx sign --chain-id 1 --nonce 0 --to 0x5aAe… --value 1ether --gas-limit 21000 \\
              --max-fee-per-gas 30gwei --max-priority-fee-per-gas 1gwei --private-key-file key.hex
        """,
        version: "0.1.0",
        subcommands: [KeyCommand.self, NetworkCommand.self, BalanceCommand.self, SendCommand.self, TokenCommand.self,
                      SafeCommand.self, AddressBookCommand.self, RatesCommand.self, TxCommand.self, SignCommand.self, ABICommand.self, UtilCommand.self,
                      DashboardCommand.self, ServeCommand.self, CompletionCommand.self]
    )
}
