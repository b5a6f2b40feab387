import EthereumKit

/// A function whose arguments a reviewer must see by name: ERC-20 calls, the Safe's owner, module,
/// guard and handler management, and MultiSend.
struct KnownFunction: Sendable {
    let signature: FunctionSignature
    let parameterNames: [String]

    init(_ canonical: String, _ names: [String]) {
        signature = try! FunctionSignature(canonical)
        parameterNames = names
    }

    static let multiSend = KnownFunction("multiSend(bytes)", ["transactions"])

    static let all: [KnownFunction] = [
        KnownFunction("transfer(address,uint256)", ["to", "value"]),
        KnownFunction("approve(address,uint256)", ["spender", "value"]),
        KnownFunction("transferFrom(address,address,uint256)", ["from", "to", "value"]),
        KnownFunction("addOwnerWithThreshold(address,uint256)", ["owner", "threshold"]),
        KnownFunction("removeOwner(address,address,uint256)", ["prevOwner", "owner", "threshold"]),
        KnownFunction("swapOwner(address,address,address)", ["prevOwner", "oldOwner", "newOwner"]),
        KnownFunction("changeThreshold(uint256)", ["threshold"]),
        KnownFunction("enableModule(address)", ["module"]),
        KnownFunction("disableModule(address,address)", ["prevModule", "module"]),
        KnownFunction("setGuard(address)", ["guard"]),
        KnownFunction("setFallbackHandler(address)", ["handler"]),
        KnownFunction("setModuleGuard(address)", ["moduleGuard"]),
        // Safes before 1.3.0 change their own singleton with it, as an upgrade does.
        KnownFunction("changeMasterCopy(address)", ["_masterCopy"]),
        KnownFunction("approveHash(bytes32)", ["hashToApprove"]),
        // Upgrades: a 1.1.1 Safe's own call, and the official SafeToL2Migration's two ways.
        KnownFunction("changeMasterCopy(address)", ["_masterCopy"]),
        KnownFunction("migrateToL2(address)", ["l2Singleton"]),
        KnownFunction("migrateFromV111(address,address)", ["l2Singleton", "fallbackHandler"]),
        KnownFunction("signMessage(bytes)", ["_data"]),
        // A proxy's setup call, as a Safe's creation carries it (the parameter names are the contract's).
        KnownFunction("setup(address[],uint256,address,bytes,address,address,uint256,address)",
                      ["_owners", "_threshold", "to", "data", "fallbackHandler", "paymentToken", "payment", "paymentReceiver"]),
        multiSend,
    ]

    static let bySelector: [[UInt8]: KnownFunction] = Dictionary(all.map { ($0.signature.selector, $0) }, uniquingKeysWith: { a, _ in a })
}
