import ArgumentParser
import Services

/// `bifrost token unhide`.
struct TokenUnhideCommand: TokenVisibilityCommand {
    static let configuration = CommandConfiguration(commandName: "unhide", abstract: "Show a hidden token in balance lists again (offline).",
                                                    discussion: "Example: bifrost token unhide 0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
    static let hides = false
    @Argument(help: "The token contract.")
    var address: AddressValue
    @OptionGroup var global: GlobalOptions
}
