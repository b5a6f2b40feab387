import BigInt
import EthereumKit

/// Calldata and result decoding for the Safe singleton calls Bifrost makes. The signatures are
/// the same in 1.3.0, 1.4.1 and 1.5.0.
public enum SafeContract {
    static func signature(_ text: String) -> FunctionSignature { try! FunctionSignature(text) }

    static let setup = signature("setup(address[],uint256,address,bytes,address,address,uint256,address)")
    /// 1.0.0's `setup`, which has no fallback handler.
    static let setupV1_0_0 = signature("setup(address[],uint256,address,bytes,address,uint256,address)")
    static let getModulesSignature = signature("getModules()")
    static let execTransaction = signature("execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)")
    /// The 4-byte selector of `execTransaction`, to recognise its calls.
    public static var execTransactionSelector: [UInt8] { execTransaction.selector }
    static let getTransactionHash = signature("getTransactionHash(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,uint256)")
    static let addOwnerWithThreshold = signature("addOwnerWithThreshold(address,uint256)")
    static let removeOwner = signature("removeOwner(address,address,uint256)")
    static let swapOwner = signature("swapOwner(address,address,address)")
    static let changeThresholdSignature = signature("changeThreshold(uint256)")
    static let approveHashSignature = signature("approveHash(bytes32)")
    static let enableModuleSignature = signature("enableModule(address)")
    static let getModulesPaginated = signature("getModulesPaginated(address,uint256)")
    static let approvedHashesSignature = signature("approvedHashes(address,bytes32)")

    /// The start and end marker of the Safe's owner and module linked lists.
    public static let sentinel = Address(word: [1])

    /// Storage slot of the fallback handler: `keccak256("fallback_manager.handler.address")`.
    public static let fallbackHandlerSlot = Keccak256.hash(Array("fallback_manager.handler.address".utf8))
    /// Storage slot of the transaction guard: `keccak256("guard_manager.guard.address")`.
    public static let guardSlot = Keccak256.hash(Array("guard_manager.guard.address".utf8))
    /// Storage slot of the module guard (1.5.0): `keccak256("module_manager.module_guard.address")`;
    /// empty, so the zero address, on older Safes.
    public static let moduleGuardSlot = Keccak256.hash(Array("module_manager.module_guard.address".utf8))

    /// `nonce()`.
    public static let nonce: [UInt8] = try! signature("nonce()").encodeCall([])
    /// `getOwners()`.
    public static let getOwners: [UInt8] = try! signature("getOwners()").encodeCall([])
    /// `getThreshold()`.
    public static let getThreshold: [UInt8] = try! signature("getThreshold()").encodeCall([])
    /// `VERSION()`.
    public static let version: [UInt8] = try! signature("VERSION()").encodeCall([])

    /// `setup(owners, threshold, to, data, fallbackHandler, paymentToken, payment, paymentReceiver)`
    /// with no setup call and no deployment payment: the initializer a new proxy runs.
    public static func setupCall(owners: [Address], threshold: BigUInt, fallbackHandler: Address) throws(SafeKitError) -> [UInt8] {
        try OwnerRules.validate(owners: owners, threshold: threshold)
        return try encode(setup, [
            .array(owners.map(ABIValue.address)), .uint(threshold), .address(.zero), .bytes([]),
            .address(fallbackHandler), .address(.zero), .uint(0), .address(.zero),
        ])
    }

    /// The `setup` initializer of a `version` Safe: `setupCall`'s, or for 1.0.0, which has no
    /// fallback handler, its seven-argument form (a handler asked for there is refused, not dropped).
    public static func setupCall(owners: [Address], threshold: BigUInt, fallbackHandler: Address,
                                 version: SafeVersion) throws(SafeKitError) -> [UInt8] {
        guard !version.hasFallbackHandler else { return try setupCall(owners: owners, threshold: threshold, fallbackHandler: fallbackHandler) }
        guard fallbackHandler == .zero else { throw .missingInVersion(version, feature: "fallback handler") }
        try OwnerRules.validate(owners: owners, threshold: threshold)
        return try encode(setupV1_0_0, [
            .array(owners.map(ABIValue.address)), .uint(threshold), .address(.zero), .bytes([]), .address(.zero), .uint(0), .address(.zero),
        ])
    }

    /// `addOwnerWithThreshold(owner, threshold)`, checked against the current owners.
    public static func addOwner(_ owner: Address, threshold: BigUInt, owners: [Address], safe: Address) throws(SafeKitError) -> [UInt8] {
        guard owner != .zero, owner != sentinel, owner != safe else { throw .invalidOwner(owner) }
        guard !owners.contains(owner) else { throw .ownerAlreadyPresent(owner) }
        try OwnerRules.checkThreshold(threshold, ownerCount: owners.count + 1)
        return try encode(addOwnerWithThreshold, [.address(owner), .uint(threshold)])
    }

    /// `removeOwner(prevOwner, owner, threshold)`; the previous owner comes from the linked list.
    public static func removeOwnerCall(_ owner: Address, threshold: BigUInt, owners: [Address]) throws(SafeKitError) -> [UInt8] {
        let prev = try OwnerRules.previousOwner(of: owner, in: owners)
        try OwnerRules.checkThreshold(threshold, ownerCount: owners.count - 1)
        return try encode(removeOwner, [.address(prev), .address(owner), .uint(threshold)])
    }

    /// `swapOwner(prevOwner, oldOwner, newOwner)`.
    public static func swapOwnerCall(_ old: Address, with new: Address, owners: [Address], safe: Address) throws(SafeKitError) -> [UInt8] {
        let prev = try OwnerRules.previousOwner(of: old, in: owners)
        guard new != .zero, new != sentinel, new != safe else { throw .invalidOwner(new) }
        guard !owners.contains(new) else { throw .ownerAlreadyPresent(new) }
        return try encode(swapOwner, [.address(prev), .address(old), .address(new)])
    }

    /// `changeThreshold(threshold)`.
    public static func changeThreshold(_ threshold: BigUInt, ownerCount: Int) throws(SafeKitError) -> [UInt8] {
        try OwnerRules.checkThreshold(threshold, ownerCount: ownerCount)
        return try encode(changeThresholdSignature, [.uint(threshold)])
    }

    /// `approveHash(safeTxHash)`: an owner's on-chain confirmation.
    public static func approveHash(_ hash: [UInt8]) throws(SafeKitError) -> [UInt8] {
        try encode(approveHashSignature, [.bytes(hash)])
    }

    /// `approvedHashes(owner, hash)`: nonzero once `owner` approved `hash` on chain.
    public static func approvedHashes(owner: Address, hash: [UInt8]) throws(SafeKitError) -> [UInt8] {
        try encode(approvedHashesSignature, [.address(owner), .bytes(hash)])
    }

    /// Calldata for `function` with `values`; a value the ABI cannot hold is a typed error.
    static func encode(_ function: FunctionSignature, _ values: [ABIValue]) throws(SafeKitError) -> [UInt8] {
        do { return try function.encodeCall(values) } catch { throw .valueOutOfRange(error.description) }
    }

    /// `enableModule(module)`.
    public static func enableModule(_ module: Address) -> [UInt8] {
        try! enableModuleSignature.encodeCall([.address(module)])
    }

    /// `getModulesPaginated(SENTINEL, pageSize)`: the first page of enabled modules.
    public static func modulesPage(size: Int = 50) -> [UInt8] {
        try! getModulesPaginated.encodeCall([.address(sentinel), .uint(BigUInt(size))])
    }

    /// `getModules()`: 1.0.0's only way to list its modules (all of them).
    public static let getModules: [UInt8] = try! getModulesSignature.encodeCall([])

    /// The result of `getModules()`.
    public static func decodeModuleList(_ data: [UInt8]) throws(SafeKitError) -> [Address] {
        guard case .array(let items)? = try? ABIDecoder.decode(.array(.address), from: data) else {
            throw .unexpectedResult("getModules returned \(data.count) bytes")
        }
        return items.compactMap { if case .address(let a) = $0 { a } else { nil } }
    }

    /// The result of `getOwners()`.
    public static func decodeOwners(_ data: [UInt8]) throws(SafeKitError) -> [Address] {
        guard case .array(let items)? = try? ABIDecoder.decode(.array(.address), from: data) else {
            throw .unexpectedResult("getOwners returned \(data.count) bytes")
        }
        return items.compactMap { if case .address(let a) = $0 { a } else { nil } }
    }

    /// A `uint256` result such as `nonce()` or `getThreshold()`.
    public static func decodeUInt(_ data: [UInt8], call: String) throws(SafeKitError) -> BigUInt {
        guard case .uint(let v)? = try? ABIDecoder.decode(.uint(bits: 256), from: data) else {
            throw .unexpectedResult("\(call) returned \(data.count) bytes")
        }
        return v
    }

    /// The result of `VERSION()`.
    public static func decodeVersion(_ data: [UInt8]) throws(SafeKitError) -> String {
        guard case .string(let s)? = try? ABIDecoder.decode(.string, from: data) else {
            throw .unexpectedResult("VERSION returned \(data.count) bytes")
        }
        return s
    }

    /// The modules array of `getModulesPaginated`.
    public static func decodeModules(_ data: [UInt8]) throws(SafeKitError) -> [Address] {
        guard let values = try? ABIDecoder.decode([.array(.address), .address], from: data),
              case .array(let items) = values[0]
        else { throw .unexpectedResult("getModulesPaginated returned \(data.count) bytes") }
        return items.compactMap { if case .address(let a) = $0 { a } else { nil } }
    }

    /// The address held in a storage word (fallback handler, guard).
    public static func addressInSlot(_ word: [UInt8]) -> Address {
        Address(word: word)
    }
}
