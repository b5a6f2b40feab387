import Services

extension ErrorWording {
    /// The CLI's words for a Ledger's answers: what to do on the device, or with which flag.
    static func ledger(_ error: LedgerError) -> String? {
        switch error {
        case .noDevice:
            return "\(error): connect the Ledger, unlock it and open the Ethereum app (close Ledger Live); on Linux the udev rules must let you "
                + "open it (docs/ledger.md); for the emulator give --ledger tcp:HOST:PORT"
        case .blindSigningDisabled:
            return "\(error). Or sign the safeTxHash as a personal message instead: bifrost safe sign HASH --key NAME --eth-sign"
        case .wrongApp:
            return "\(error): open the Ethereum app on the device and run the command again"
        case .badEndpoint:
            return "--ledger (or BIFROST_LEDGER): \(error)"
        case .locked:
            return "\(error): unlock it with its PIN and run the command again"
        default:
            return nil
        }
    }
}
