import BigInt
import EthereumKit
import Foundation

/// How a Safe came to be, read from its creation transaction and logs without a trace API: the
/// Safe's own `SafeSetup` event names the transaction, the factory's `ProxyCreation` names the
/// factory and singleton, and a factory call made straight from the sender carries the setup
/// data and salt.
public enum SafeCreationCall {
    /// `SafeSetup(address indexed initiator, address[] owners, uint256 threshold, address initializer, address fallbackHandler)`,
    /// which `setup` emits from 1.3.0.
    public static let safeSetup = Keccak256.hash(Array("SafeSetup(address,address[],uint256,address,address)".utf8))
    /// `ProxyCreation(proxy, address singleton)`: the proxy indexed from 1.4.1, in the data before.
    public static let proxyCreation = Keccak256.hash(Array("ProxyCreation(address,address)".utf8))

    /// The factory functions that take the singleton, the `setup` call and a salt nonce first.
    static let factoryFunctions = [SafeProxyFactory.createProxyWithNonceSignature] + [
        "createChainSpecificProxyWithNonce(address,bytes,uint256)", "createProxyWithCallback(address,bytes,uint256,address)",
    ].map { try! FunctionSignature($0) }

    /// The proxy and singleton a `ProxyCreation` log names; nil for any other log.
    public static func proxyCreated(topics: [[UInt8]], data: [UInt8]) -> (proxy: Address, singleton: Address)? {
        guard topics.first == proxyCreation else { return nil }
        if topics.count >= 2, data.count >= 32 { return (Address(word: topics[1]), Address(word: data.prefix(32))) }
        guard data.count >= 64 else { return nil }
        return (Address(word: data.prefix(32)), Address(word: data[32..<64]))
    }

    /// Which factory function created a proxy: the salt it hashes differs.
    public enum Function: Sendable, Hashable {
        /// `createProxyWithNonce`: the salt is the setup call's hash and the salt nonce, the same on every chain.
        case withNonce
        /// `createChainSpecificProxyWithNonce` (1.4.1+): the salt also holds the chain ID, so no other chain gives the same address.
        case chainSpecific
        /// `createProxyWithCallback`: `createProxyWithNonce` with the salt nonce hashed with the callback.
        case withCallback(Address)
    }

    /// A call to a proxy factory, with the function it called; nil for any other call.
    public static func proxyCall(_ input: [UInt8]) -> (function: Function, singleton: Address, initializer: [UInt8], saltNonce: BigUInt)? {
        guard let call = factoryCall(input) else { return nil }
        if input.starts(with: factoryFunctions[1].selector) { return (.chainSpecific, call.singleton, call.initializer, call.saltNonce) }
        if input.starts(with: factoryFunctions[2].selector) {
            guard let values = try? factoryFunctions[2].decodeCall(input), values.count == 4, case .address(let callback) = values[3] else { return nil }
            return (.withCallback(callback), call.singleton, call.initializer, call.saltNonce)
        }
        return (.withNonce, call.singleton, call.initializer, call.saltNonce)
    }

    /// The salt nonce `createProxyWithCallback` passes on to `createProxyWithNonce`:
    /// `uint256(keccak256(abi.encodePacked(saltNonce, callback)))`.
    public static func callbackSaltNonce(_ saltNonce: BigUInt, callback: Address) throws(SafeKitError) -> BigUInt {
        BigUInt(Data(Keccak256.hash(try SafeProxyFactory.word(saltNonce, field: "saltNonce") + callback.bytes)))
    }

    /// The input of the factory call a creation transaction made: its own input when it called
    /// `factory`, or the one call to `factory` in the MultiSend batch it sent (how a counterfactual
    /// Safe is deployed with its first transaction); nil otherwise, or when a batch holds several.
    public static func factoryInput(to: Address?, input: [UInt8], factory: Address) -> [UInt8]? {
        if to == factory { return input }
        let calls = (MultiSend.calls(inCall: input) ?? []).filter { $0.to == factory && $0.operation == .call }
        return calls.count == 1 ? calls[0].data : nil
    }

    /// The singleton, `setup` call and salt nonce of a call to a proxy factory; nil for any other call.
    public static func factoryCall(_ input: [UInt8]) -> (singleton: Address, initializer: [UInt8], saltNonce: BigUInt)? {
        for function in factoryFunctions where input.starts(with: function.selector) {
            guard let values = try? function.decodeCall(input), values.count >= 3,
                  case .address(let singleton) = values[0], case .bytes(let initializer) = values[1], case .uint(let salt) = values[2] else { return nil }
            return (singleton, initializer, salt)
        }
        return nil
    }
}
