import ArgumentParser
import Services

/// `bifrost abi decode`: values from calldata or return data.
struct ABIDecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode ABI data for a signature: calldata, or return data when output types are given.",
        discussion: """
        Examples:
          bifrost abi decode 'transfer(address,uint256)' 0xa9059cbb…           # calldata
          bifrost abi decode 'balanceOf(address)(uint256)' 0x…0de0b6b3a7640000  # return data
          bifrost abi decode '(uint256,bool)' 0x…                              # bare tuple
        """
    )

    @Argument(help: ArgumentHelp("Signature, e.g. transfer(address,uint256) or balanceOf(address)(uint256).", valueName: "signature"))
    var signature: String

    @Argument(help: ArgumentHelp("The data, as hex.", valueName: "hex"))
    var hex: HexValue

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let data = hex.bytes
        let decoded = try ABICodec().decode(signature: signature, data: data)
        if global.json {
            try global.output.emit(view: DecodedValuesView(decoded))
        } else {
            for value in decoded.values { Console.current.out(UntrustedText.visible(ABIValueFormatter.text(value))) }
        }
    }
}
