import ArgumentParser
import Services

extension EtherUnit: ExpressibleByArgument {}

/// `bifrost util from-wei`: wei in a larger unit, exactly.
struct FromWeiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-wei",
        abstract: "Convert wei to ether, gwei or another unit, exactly (no rounding).",
        discussion: "Example: bifrost util from-wei 1500000000000000000   # 1.5"
    )

    @Argument(help: ArgumentHelp("An integer amount of wei (decimal or 0x hex).", valueName: "wei"))
    var wei: QuantityValue

    @Option(name: .long, help: "Unit to express the amount in.")
    var unit: EtherUnit = .ether

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let value = wei.value
        let text = EtherAmount(wei: value).exact(in: unit)
        if global.json {
            try global.output.emit(view: AmountView(wei: value, unit: unit))
        } else {
            Console.current.out(text)
        }
    }
}
