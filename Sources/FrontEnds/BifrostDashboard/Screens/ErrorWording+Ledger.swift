import AppCore

extension ErrorWording {
    /// The dashboard's words for a Ledger's answers: what to do on the device before pressing again.
    static func ledger(_ error: LedgerError) -> String? {
        switch error {
        case .noDevice:
            return "\(error): connect the Ledger, unlock it and open the Ethereum app (close Ledger Live), then press the button again; "
                + "for the emulator start the dashboard with --ledger tcp:HOST:PORT"
        case .blindSigningDisabled, .wrongApp, .locked, .rejected:
            return "\(error); then press the button again"
        default:
            return nil
        }
    }
}
