import AppCore

extension ErrorWording {
    /// A refused setup change, worded for the compose form's fields and the Safe's page.
    static func setup(_ error: SafeSetupError) -> String {
        switch error {
        case .moduleNotEnabled, .moduleAlreadyEnabled:
            return "\(error); the Safe's page lists its modules under Modules and guard. Nothing was proposed"
        default:
            return "\(error). Check the address in Module, guard or handler; nothing was proposed"
        }
    }
}
