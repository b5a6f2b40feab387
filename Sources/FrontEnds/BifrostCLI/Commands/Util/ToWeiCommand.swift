import ArgumentParser
import Services

/// `bifrost util to-wei`: an amount with a unit, in wei.
struct ToWeiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "to-wei",
        abstract: "Convert an amount with a unit to wei, exactly.",
        discussion: """
        Units: wei, kwei, mwei, gwei, szabo, finney, ether (or eth). A bare number is wei.
        Examples:
          bifrost util to-wei 1.5ether      # 1500000000000000000
          bifrost util to-wei 20gwei        # 20000000000
        """
    )

    @Argument(help: ArgumentHelp("Amount such as 1.5ether or 20gwei.", valueName: "amount"))
    var amount: AmountValue

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let wei = amount.wei
        global.output.emit(single: "wei", .string(String(wei)))
    }
}
