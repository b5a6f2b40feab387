import BigInt
import EthereumKit

/// What deploys one Safe proxy with the factory's `createProxyWithNonce`: the factory, the
/// singleton, the `setup` call it runs and the salt nonce. Kept for a Safe not deployed yet, and
/// replayed to deploy a Safe again on another chain.
public struct SafeProxyDeployment: Sendable, Hashable {
    public let factory: Address
    public let singleton: Address
    /// The `setup(...)` call the proxy runs when created.
    public let initializer: [UInt8]
    public let saltNonce: BigUInt

    /// A deployment's parameters.
    public init(factory: Address, singleton: Address, initializer: [UInt8], saltNonce: BigUInt) {
        self.factory = factory
        self.singleton = singleton
        self.initializer = initializer
        self.saltNonce = saltNonce
    }

    /// `createProxyWithNonce(singleton, initializer, saltNonce)`, sent to `factory`.
    public func call() throws(SafeKitError) -> [UInt8] {
        try SafeProxyFactory.createProxyWithNonce(singleton: singleton, initializer: initializer, saltNonce: saltNonce)
    }

    /// The CREATE2 address it deploys to, with the init code `creationCode` the factory reports.
    public func address(creationCode: [UInt8]) throws(SafeKitError) -> Address {
        try SafeProxyFactory.predictAddress(factory: factory, singleton: singleton, initializer: initializer, saltNonce: saltNonce,
                                            creationCode: creationCode)
    }

    /// The calls, for MultiSendCallOnly, that deploy the Safe and then run its `execTransaction` calls,
    /// so a counterfactual Safe's first transaction deploys it in the same Ethereum transaction.
    public func deployThen(_ execTransactions: [[UInt8]], safe: Address) throws(SafeKitError) -> [MultiSendCall] {
        [MultiSendCall(to: factory, data: try call())] + execTransactions.map { MultiSendCall(to: safe, data: $0) }
    }

    /// The owners, threshold and the rest that `initializer` sets up; nil when it is not a `setup` call.
    public var setup: SafeSetup? { SafeSetup(initializer) }
}

/// The arguments of a Safe's `setup` call: what a proxy starts with.
public struct SafeSetup: Sendable, Hashable {
    public let owners: [Address]
    public let threshold: BigUInt
    /// The contract `setup` delegatecalls with `data`; the zero address for none.
    public let to: Address
    public let data: [UInt8]
    public let fallbackHandler: Address
    public let paymentToken: Address
    public let payment: BigUInt
    public let paymentReceiver: Address

    /// The arguments of `initializer`; nil when it is not a `setup(...)` call.
    public init?(_ initializer: [UInt8]) {
        guard initializer.starts(with: SafeContract.setup.selector), let values = try? SafeContract.setup.decodeCall(initializer), values.count == 8,
              case .array(let list) = values[0], case .uint(let threshold) = values[1], case .address(let to) = values[2],
              case .bytes(let data) = values[3], case .address(let handler) = values[4], case .address(let paymentToken) = values[5],
              case .uint(let payment) = values[6], case .address(let receiver) = values[7] else { return nil }
        var owners: [Address] = []
        for value in list {
            guard case .address(let owner) = value else { return nil }
            owners.append(owner)
        }
        self.owners = owners
        self.threshold = threshold
        self.to = to
        self.data = data
        fallbackHandler = handler
        self.paymentToken = paymentToken
        self.payment = payment
        paymentReceiver = receiver
    }
}
