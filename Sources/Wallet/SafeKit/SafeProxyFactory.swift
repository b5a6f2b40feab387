import BigInt
import EthereumKit

/// The proxy factory's `createProxyWithNonce`, and the CREATE2 address it will deploy to.
public enum SafeProxyFactory {
    static let createProxyWithNonceSignature = try! FunctionSignature("createProxyWithNonce(address,bytes,uint256)")
    static let proxyCreationCodeSignature = try! FunctionSignature("proxyCreationCode()")

    /// `createProxyWithNonce(singleton, initializer, saltNonce)`.
    public static func createProxyWithNonce(singleton: Address, initializer: [UInt8], saltNonce: BigUInt) throws(SafeKitError) -> [UInt8] {
        try SafeContract.encode(createProxyWithNonceSignature, [.address(singleton), .bytes(initializer), .uint(saltNonce)])
    }

    /// `proxyCreationCode()`: the factory reports the proxy's init code, so Bifrost never ships bytecode.
    public static let proxyCreationCode: [UInt8] = try! proxyCreationCodeSignature.encodeCall([])

    /// The `bytes` result of `proxyCreationCode()`.
    public static func decodeCreationCode(_ data: [UInt8]) throws(SafeKitError) -> [UInt8] {
        guard case .bytes(let code)? = try? ABIDecoder.decode(.bytes, from: data), !code.isEmpty else {
            throw .unexpectedResult("proxyCreationCode returned \(data.count) bytes")
        }
        return code
    }

    /// Where `createProxyWithNonce` deploys: CREATE2 with salt `keccak256(keccak256(initializer) ‖ saltNonce)`
    /// and init code `creationCode ‖ uint256(singleton)`.
    public static func predictAddress(factory: Address, singleton: Address, initializer: [UInt8], saltNonce: BigUInt,
                                      creationCode: [UInt8]) throws(SafeKitError) -> Address {
        let salt = Keccak256.hash(Keccak256.hash(initializer) + (try word(saltNonce, field: "saltNonce")))
        let initCode = creationCode + [UInt8](repeating: 0, count: 12) + singleton.bytes
        return create2(deployer: factory, salt: salt, initCodeHash: Keccak256.hash(initCode))
    }

    /// EIP-1014: `keccak256(0xff ‖ deployer ‖ salt ‖ keccak256(initCode))[12…]`.
    public static func create2(deployer: Address, salt: [UInt8], initCodeHash: [UInt8]) -> Address {
        Address(word: Keccak256.hash([0xff] + deployer.bytes + salt + initCodeHash))
    }

    /// `value` as a big-endian 32-byte word; `field` names it when it does not fit.
    static func word(_ value: BigUInt, field: String) throws(SafeKitError) -> [UInt8] {
        guard let word = value.word else { throw .valueOutOfRange(field) }
        return word
    }
}
