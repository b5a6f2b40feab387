import BigInt
import EthereumKit

/// The calls that change a Safe's setup (modules, the transaction guard, the fallback handler),
/// checked against the Safe's own rules before anyone signs, so a mistake is refused here rather
/// than as a revert (GS101–GS103, GS400) once the owners signed.
public enum SafeSetupCalls {
    static let disableModuleSignature = SafeContract.signature("disableModule(address,address)")
    static let setGuardSignature = SafeContract.signature("setGuard(address)")
    static let setFallbackHandlerSignature = SafeContract.signature("setFallbackHandler(address)")
    static let supportsInterfaceSignature = SafeContract.signature("supportsInterface(bytes4)")

    /// The ERC-165 interface ID of the Safe's transaction guard: the XOR of the selectors of
    /// `checkTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes,address)`
    /// and `checkAfterExecution(bytes32,bool)`, which `setGuard` asks for from Safe 1.4.1 on (GS300).
    /// Safe 1.3.0 sets any address unasked, and a contract that is no guard then makes every
    /// execution revert, so Bifrost asks on every version.
    public static let guardInterfaceID: [UInt8] = [0xe6, 0xd7, 0xa8, 0x3a]

    /// `enableModule(module)`, refused for the zero address, the sentinel, the Safe itself, or a
    /// module already in `modules`.
    public static func enableModule(_ module: Address, modules: [Address], safe: Address) throws(SafeSetupError) -> [UInt8] {
        guard module != .zero, module != SafeContract.sentinel, module != safe else { throw .invalidModule(module) }
        guard !modules.contains(module) else { throw .moduleAlreadyEnabled(module) }
        return SafeContract.enableModule(module)
    }

    /// `disableModule(prevModule, module)`, the previous module found in `modules` as the chain lists them.
    public static func disableModule(_ module: Address, modules: [Address]) throws(SafeSetupError) -> [UInt8] {
        let prev = try previousModule(of: module, in: modules)
        return try! disableModuleSignature.encodeCall([.address(prev), .address(module)])
    }

    /// The module before `module` in the Safe's linked list. `getModulesPaginated(SENTINEL, …)`
    /// lists the modules in list order from the sentinel, so the first one's predecessor is the sentinel.
    public static func previousModule(of module: Address, in modules: [Address]) throws(SafeSetupError) -> Address {
        guard let index = modules.firstIndex(of: module) else { throw .moduleNotEnabled(module) }
        return index == 0 ? SafeContract.sentinel : modules[index - 1]
    }

    /// `setGuard(guard)`; the zero address removes the guard. The Safe cannot guard itself.
    public static func setGuard(_ guardAddress: Address, safe: Address) throws(SafeSetupError) -> [UInt8] {
        guard guardAddress != safe else { throw .selfReference(.guard) }
        return try! setGuardSignature.encodeCall([.address(guardAddress)])
    }

    /// `setFallbackHandler(handler)`; the zero address removes the handler. The Safe as its own
    /// handler is refused, as 1.4.1 does (GS400): it would let anyone call the Safe as itself.
    public static func setFallbackHandler(_ handler: Address, safe: Address) throws(SafeSetupError) -> [UInt8] {
        guard handler != safe else { throw .selfReference(.fallbackHandler) }
        return try! setFallbackHandlerSignature.encodeCall([.address(handler)])
    }

    /// `supportsInterface(interfaceID)` (ERC-165).
    public static func supportsInterface(_ interfaceID: [UInt8]) -> [UInt8] {
        try! supportsInterfaceSignature.encodeCall([.bytes(interfaceID)])
    }

    /// Whether a `supportsInterface` answer says yes: one word, exactly 1. Anything else (empty,
    /// short, another value) is no, as Solidity's `abi.decode` would have the Safe revert.
    public static func saysYes(_ answer: [UInt8]) -> Bool {
        answer.count >= 32 && answer[31] == 1 && answer[0..<31].allSatisfy { $0 == 0 }
    }
}

/// Why a change to a Safe's setup was refused before it was proposed. The front ends word it
/// with their own controls (the CLI its flag, the dashboard its field).
public enum SafeSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What part of the setup an address was meant to become.
    public enum Role: String, Sendable, Equatable {
        case module, `guard`, fallbackHandler = "fallback handler"
    }

    /// The zero address, the sentinel or the Safe itself cannot be a module.
    case invalidModule(Address)
    case moduleAlreadyEnabled(Address)
    case moduleNotEnabled(Address)
    /// The Safe cannot be its own guard or handler.
    case selfReference(Role)
    /// No code at the address: nothing there could act as a module, guard or handler.
    case notAContract(Address, role: Role)
    /// A contract that does not answer yes to `supportsInterface(0xe6d7a83a)`: Safe 1.4.1 and
    /// later refuse it (GS300); 1.3.0 would take it and then fail every execution.
    case notAGuard(Address)

    public var description: String {
        switch self {
        case .invalidModule(let a): return "\(a.checksummed) cannot be a module (zero, sentinel or the Safe itself)"
        case .moduleAlreadyEnabled(let a): return "module \(a.checksummed) is already enabled on this Safe"
        case .moduleNotEnabled(let a): return "\(a.checksummed) is not an enabled module of this Safe"
        case .selfReference(let role): return "the Safe cannot be its own \(role.rawValue)"
        case .notAContract(let a, let role): return "\(a.checksummed) has no code, so it cannot be the Safe's \(role.rawValue)"
        case .notAGuard(let a):
            return "\(a.checksummed) does not support the Safe's guard interface (ERC-165 supportsInterface(0xe6d7a83a)): "
                + "Safe 1.4.1 and later refuse it (GS300), and a Safe 1.3.0 would take it and then fail every transaction"
        }
    }
}
