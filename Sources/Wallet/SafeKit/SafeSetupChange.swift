import EthereumKit

/// One change to a Safe's setup, as a person asks for it: a module enabled or disabled, the
/// transaction guard or the fallback handler set (the zero address removes either).
public enum SafeSetupChange: Sendable, Hashable {
    case enableModule(Address)
    case disableModule(Address)
    case setGuard(Address)
    case setFallbackHandler(Address)

    /// The address the change names.
    public var address: Address {
        switch self {
        case .enableModule(let a), .disableModule(let a), .setGuard(let a), .setFallbackHandler(let a): return a
        }
    }

    /// The calldata the Safe calls on itself, checked against its `modules` as the chain lists them.
    public func call(safe: Address, modules: [Address]) throws(SafeSetupError) -> [UInt8] {
        switch self {
        case .enableModule(let m): return try SafeSetupCalls.enableModule(m, modules: modules, safe: safe)
        case .disableModule(let m): return try SafeSetupCalls.disableModule(m, modules: modules)
        case .setGuard(let g): return try SafeSetupCalls.setGuard(g, safe: safe)
        case .setFallbackHandler(let h): return try SafeSetupCalls.setFallbackHandler(h, safe: safe)
        }
    }

    /// The address that must hold code before the change is proposed, with the role it takes:
    /// a module to enable, a guard or handler to set; nil for a removal or a module to disable.
    public var contractRequired: (address: Address, role: SafeSetupError.Role)? {
        switch self {
        case .enableModule(let m): return (m, .module)
        case .disableModule: return nil
        case .setGuard(let g): return g == .zero ? nil : (g, .guard)
        case .setFallbackHandler(let h): return h == .zero ? nil : (h, .fallbackHandler)
        }
    }

    /// Whether the address must answer ERC-165's `supportsInterface` for the guard interface, as `setGuard` asks (GS300).
    public var needsGuardInterface: Bool {
        if case .setGuard(let g) = self { return g != .zero }
        return false
    }

    /// The one-line summary a proposal is stored under.
    public var summary: String {
        switch self {
        case .enableModule(let m): return "enable module \(m.checksummed)"
        case .disableModule(let m): return "disable module \(m.checksummed)"
        case .setGuard(let g): return g == .zero ? "remove the transaction guard" : "set the transaction guard to \(g.checksummed)"
        case .setFallbackHandler(let h): return h == .zero ? "remove the fallback handler" : "set the fallback handler to \(h.checksummed)"
        }
    }
}
