import ArgumentParser
import Services

/// `bifrost abi encode`: calldata from a signature and arguments.
struct ABIEncodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Print calldata (selector + ABI-encoded arguments) for a function signature.",
        discussion: """
        Arguments: integers as decimal, 0x hex or with a unit (1ether); addresses; true/false; bytes \
        as hex; arrays as [a,b]; tuples as (a,b); strings as they are (quote them inside arrays). \
        A signature without a name, like '(uint256,bool)', encodes the arguments without a selector.

        Examples:
          bifrost abi encode 'transfer(address,uint256)' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed 1000
          bifrost abi encode 'f(uint256[],(bool,string))' '[1,2]' '(true,"hi")'
        """
    )

    @Argument(help: ArgumentHelp("Function signature, e.g. transfer(address,uint256).", valueName: "signature"))
    var signature: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("One value per parameter.", valueName: "args"))
    var arguments: [String] = []

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let call = try ABICodec().encode(signature: signature, arguments: arguments)
        if global.json {
            try global.output.emit(view: CalldataView(call))
        } else {
            Console.current.out(Hex.encode(call.calldata))
        }
    }
}
