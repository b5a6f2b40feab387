import BigInt
import EthereumKit

/// Why a Safe cannot be deployed at the same address with the same setup on another chain.
public enum SafeReplicationRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The creation transaction did not call a proxy factory directly (another contract did), so
    /// its setup call and salt nonce are not in it.
    case creationUnknown(Address)
    /// Created with `createChainSpecificProxyWithNonce`: the salt holds the chain ID.
    case chainSpecificSalt(Address)
    /// The factory's call does not carry a `setup(...)` call Bifrost can read.
    case unreadableSetup(Address)
    /// The owners or threshold changed since creation: deploying replays the original setup.
    case setupChanged(original: [Address], originalThreshold: BigUInt, current: [Address], currentThreshold: BigUInt)
    /// A contract the deployment needs (`role`) has no code on the target chain.
    case contractMissing(role: String, Address)
    /// A contract the deployment needs has other code on the target chain than on the Safe's.
    case contractDiffers(role: String, Address)
    /// The address already has code on the target chain.
    case alreadyDeployed(Address)
    /// The target factory's CREATE2 address is not the Safe's.
    case otherAddress(predicted: Address, safe: Address)

    public var description: String {
        func list(_ owners: [Address], _ threshold: BigUInt) -> String {
            "\(threshold) of \(owners.count): " + owners.map(\.checksummed).joined(separator: ", ")
        }
        switch self {
        case .creationUnknown(let safe):
            return "the creation of \(safe.checksummed) did not call a proxy factory directly, so its setup and salt are not known"
        case .chainSpecificSalt(let safe):
            return "\(safe.checksummed) was created with createChainSpecificProxyWithNonce, whose salt holds the chain ID: no other chain gives this address"
        case .unreadableSetup(let safe): return "the creation call of \(safe.checksummed) does not carry a Safe setup call"
        case .setupChanged(let original, let t0, let current, let t1):
            return "the owners or threshold changed since creation: deploying at this address replays the original setup (\(list(original, t0))), "
                + "not the current one (\(list(current, t1))); change them back first, or create a new Safe"
        case .contractMissing(let role, let a): return "the \(role) \(a.checksummed) has no code on the target network"
        case .contractDiffers(let role, let a): return "the \(role) \(a.checksummed) has other code on the target network than on the Safe's"
        case .alreadyDeployed(let a): return "\(a.checksummed) already has code on the target network; if it is this Safe, add it there instead"
        case .otherAddress(let predicted, let safe):
            return "the target factory would deploy to \(predicted.checksummed), not \(safe.checksummed)"
        }
    }
}

/// What the Safe's chain and the target chain say about a replication.
public struct SafeReplicationFacts: Sendable, Equatable {
    public let safe: Address
    /// The factory that logged the proxy's creation.
    public let factory: Address
    /// The creation transaction's input, when it called `factory` itself; nil otherwise.
    public let creationInput: [UInt8]?
    public let owners: [Address]
    public let threshold: BigUInt
    /// keccak256 of the code at each contract the deployment needs, on the Safe's chain and on the target.
    public let sourceCodeHashes: [Address: [UInt8]]
    public let targetCodeHashes: [Address: [UInt8]]
    /// Whether the Safe's address has code on the target.
    public let targetHasCode: Bool
    /// What `proxyCreationCode()` answered on the target factory; nil when it did not.
    public let targetCreationCode: [UInt8]?

    /// The facts of one replication.
    public init(safe: Address, factory: Address, creationInput: [UInt8]?, owners: [Address], threshold: BigUInt,
                sourceCodeHashes: [Address: [UInt8]], targetCodeHashes: [Address: [UInt8]], targetHasCode: Bool, targetCreationCode: [UInt8]?) {
        self.safe = safe
        self.factory = factory
        self.creationInput = creationInput
        self.owners = owners
        self.threshold = threshold
        self.sourceCodeHashes = sourceCodeHashes
        self.targetCodeHashes = targetCodeHashes
        self.targetHasCode = targetHasCode
        self.targetCreationCode = targetCreationCode
    }

    /// The empty code's hash: what a codeless address reads as.
    public static let noCode = Keccak256.hash([])
}

/// Whether a Safe can be deployed on another chain at the same address with the same setup, and
/// the deployment that does it: `createProxyWithNonce` with the creation's singleton, setup call
/// and salt nonce, on a factory with the same code at the same address.
public enum SafeReplication {
    /// The deployment to replay, read from the creation call alone; the refusal when the call
    /// cannot give the same address anywhere else.
    public static func deployment(safe: Address, factory: Address, creationInput: [UInt8]?) throws(SafeReplicationRefusal) -> SafeProxyDeployment {
        guard let input = creationInput, let call = SafeCreationCall.proxyCall(input) else { throw .creationUnknown(safe) }
        let saltNonce: BigUInt
        switch call.function {
        case .chainSpecific: throw .chainSpecificSalt(safe)
        case .withNonce: saltNonce = call.saltNonce
        case .withCallback(let callback):
            guard let derived = try? SafeCreationCall.callbackSaltNonce(call.saltNonce, callback: callback) else { throw .creationUnknown(safe) }
            saltNonce = derived
        }
        return SafeProxyDeployment(factory: factory, singleton: call.singleton, initializer: call.initializer, saltNonce: saltNonce)
    }

    /// The contracts a deployment needs on the target, by role: the factory, the singleton, and
    /// the fallback handler and setup module its setup names.
    public static func contracts(of deployment: SafeProxyDeployment) -> [(role: String, address: Address)] {
        var needed = [("proxy factory", deployment.factory), ("singleton", deployment.singleton)]
        if let setup = deployment.setup {
            if setup.fallbackHandler != .zero { needed.append(("fallback handler", setup.fallbackHandler)) }
            if setup.to != .zero { needed.append(("setup contract", setup.to)) }
        }
        return needed
    }

    /// The deployment that gives the Safe on the target, or the first reason it cannot.
    public static func plan(_ facts: SafeReplicationFacts) throws(SafeReplicationRefusal) -> SafeProxyDeployment {
        let deployment = try deployment(safe: facts.safe, factory: facts.factory, creationInput: facts.creationInput)
        guard let setup = deployment.setup else { throw .unreadableSetup(facts.safe) }
        guard Set(setup.owners) == Set(facts.owners), setup.threshold == facts.threshold else {
            throw .setupChanged(original: setup.owners, originalThreshold: setup.threshold, current: facts.owners, currentThreshold: facts.threshold)
        }
        for (role, address) in contracts(of: deployment) {
            let target = facts.targetCodeHashes[address] ?? SafeReplicationFacts.noCode
            guard target != SafeReplicationFacts.noCode else { throw .contractMissing(role: role, address) }
            guard target == facts.sourceCodeHashes[address] else { throw .contractDiffers(role: role, address) }
        }
        guard !facts.targetHasCode else { throw .alreadyDeployed(facts.safe) }
        guard let code = facts.targetCreationCode, let predicted = try? deployment.address(creationCode: code) else {
            throw .contractMissing(role: "proxy factory", deployment.factory)
        }
        guard predicted == facts.safe else { throw .otherAddress(predicted: predicted, safe: facts.safe) }
        return deployment
    }
}
