import SafeKit

extension SafeIntentDraft {
    /// The setup changes a form offers, by the name the CLI's flags and the dashboard's links use.
    public enum SetupChange: String, CaseIterable, Sendable {
        case enableModule = "enable-module", disableModule = "disable-module", setGuard = "set-guard", setFallbackHandler = "set-fallback-handler"

        /// A short label for a menu.
        public var title: String {
            switch self {
            case .enableModule: return "Enable a module"
            case .disableModule: return "Disable a module"
            case .setGuard: return "Set the guard (0x0 removes it)"
            case .setFallbackHandler: return "Set the fallback handler (0x0 removes it)"
            }
        }

        /// The change `text` names; a guard or handler may be `0x0`, which removes it.
        public func change(_ text: String) throws(SafeIntentDraftError) -> SafeSetupChange {
            let field = self == .setGuard ? "guard" : self == .setFallbackHandler ? "fallback handler" : "module"
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .missing(field) }
            do {
                switch self {
                case .enableModule: return .enableModule(try InputText.address(text))
                case .disableModule: return .disableModule(try InputText.address(text))
                case .setGuard: return .setGuard(try InputText.addressOrNone(text))
                case .setFallbackHandler: return .setFallbackHandler(try InputText.addressOrNone(text))
                }
            } catch { throw .invalid(field, error.reason) }
        }
    }

    /// A setup draft of `change` naming `address`, as a link to review it opens the form.
    public init(setup change: SetupChange, address: String) {
        self.init(kind: .setup)
        setupChange = change
        setupAddress = address
    }
}
