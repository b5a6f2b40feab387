import ArgumentParser
import Services

/// `bifrost token hide`.
struct TokenHideCommand: TokenVisibilityCommand {
    static let configuration = CommandConfiguration(commandName: "hide", abstract: "Keep a known token out of balance lists (offline).",
                                                    discussion: "Example: bifrost token hide 0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
    static let hides = true
    @Argument(help: "The token contract.")
    var address: AddressValue
    @OptionGroup var global: GlobalOptions
}
