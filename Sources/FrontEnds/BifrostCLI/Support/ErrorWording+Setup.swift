import Services

extension ErrorWording {
    /// A refused setup change, with the flag that asked for it and the command that shows the setup.
    static func setup(_ error: SafeSetupError) -> String {
        switch error {
        case .invalidModule, .moduleAlreadyEnabled, .notAContract(_, role: .module):
            return "--enable-module: \(error) (see 'bifrost safe modules SAFE')"
        case .moduleNotEnabled:
            return "--disable-module: \(error) (see 'bifrost safe modules SAFE'); nothing was proposed"
        case .selfReference(.guard), .notAContract(_, role: .guard), .notAGuard:
            return "--set-guard: \(error); nothing was proposed"
        case .selfReference(.fallbackHandler), .notAContract(_, role: .fallbackHandler):
            return "--set-fallback-handler: \(error); nothing was proposed"
        case .selfReference(.module):
            return "--enable-module: \(error)"
        }
    }
}
