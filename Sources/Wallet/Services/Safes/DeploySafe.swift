import BigInt
import Foundation
import Networking
import SafeKit
import Storage

/// The outcome of a deployment.
public struct SafeDeployment: Sendable, Equatable {
    /// Where the proxy is (or will be) deployed; predicted with CREATE2 before sending.
    public let safe: Address
    /// The release deployed.
    public let version: SafeVersion
    public let transaction: StoredTransaction
    /// The Safe as read after deployment, when the send waited for it.
    public let state: SafeState?
}

/// Deploys a new Safe proxy of one release through that release's proxy factory with
/// `createProxyWithNonce`, after predicting its address, checking nothing is there yet and that
/// the singleton is the release asked for; with `wait`, follows it.
public struct DeploySafe: SafeAccountAction {
    public let keyName: String
    public let owners: [Address]
    public let threshold: BigUInt
    public let saltNonce: BigUInt
    /// The release; nil for the network's default (1.4.1 unless its deployments say otherwise).
    public let version: SafeVersion?
    public let name: String?
    public let chain: ChainSelection
    public let wait: Bool
    public let password: @Sendable () throws -> String
    public let progress: @Sendable (SendProgress) -> Void
    public init(keyName: String, owners: [Address], threshold: BigUInt, saltNonce: BigUInt, version: SafeVersion? = nil, name: String? = nil, chain: ChainSelection,
                wait: Bool, password: @escaping @Sendable () throws -> String, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) {
        self.keyName = keyName
        self.owners = owners
        self.threshold = threshold
        self.saltNonce = saltNonce
        self.version = version
        self.name = name
        self.chain = chain
        self.wait = wait
        self.password = password
        self.progress = progress
    }
    public func perform(on store: SafeAccountStore) async throws -> SafeDeployment { try await store.deploy(self) }
}

extension SafeAccountStore {
    func deploy(_ d: DeploySafe) async throws -> SafeDeployment {
        _ = try await keys.account(named: d.keyName)
        let chain = try await connector.connect(d.chain)
        let (deployment, predicted, version, chainID) = try await newProxy(owners: d.owners, threshold: d.threshold, saltNonce: d.saltNonce,
                                                                          version: d.version, chain: chain)
        let factory = deployment.factory
        let sent = try await transactions.send(SendTransaction(
            keyName: d.keyName,
            transfer: .contractCall(to: factory, value: 0, data: try deployment.call()),
            chain: d.chain, wait: d.wait, password: d.password, progress: d.progress))
        var state: SafeState? = nil
        if let receipt = sent.receipt, receipt.status {
            // Known for free now; history reads start here instead of at block 0.
            try await storage.saveCreationBlock(receipt.blockNumber, chainID: chainID, address: predicted)
            state = try await refresh(predicted, chain: chain, name: d.name, follow: true)
        }
        return SafeDeployment(safe: predicted, version: version, transaction: sent.transaction, state: state)
    }
}

extension SafeRoom {
    /// A new Safe's deployment through `version`'s proxy factory on `chain`, and the address it
    /// gets: the factory must report its proxy code, the singleton that release, and the address
    /// must have no code yet.
    func newProxy(owners: [Address], threshold: BigUInt, saltNonce: BigUInt, version wanted: SafeVersion?, chain: Chain) async throws
        -> (deployment: SafeProxyDeployment, address: Address, version: SafeVersion, chainID: BigUInt) {
        let c = chain.network?.contracts ?? NetworkContracts()
        let version = wanted ?? c.defaultVersion
        let set = c.set(for: version).filled(from: SafeDeployments.canonical(version))
        // An old release's Safe may go without a handler: 1.0.0 has none, and 1.1.1's is rarely deployed beside it.
        let handler = set.fallbackHandler ?? (version.isSupported ? nil : Address.zero)
        guard let factory = set.safeProxyFactory, let singleton = set.singletonForNewSafes, let handler else {
            throw SafeError.noContracts("Safe \(version.rawValue) contracts", chainID: chain.network?.chainID ?? 0)
        }
        let initializer = try SafeContract.setupCall(owners: owners, threshold: threshold,
                                                     fallbackHandler: version.hasFallbackHandler ? handler : .zero, version: version)

        let r = EthereumRemote.Requests.self
        let (chainResult, creation, singletonVersion) = try await chain.remote.batch(
            r.chainID(), r.call(CallRequest(to: factory, data: SafeProxyFactory.proxyCreationCode)),
            r.call(CallRequest(to: singleton, data: SafeContract.version)))
        let chainID = try chain.verify(chainID: try chainResult.get())
        guard let creationData = try? creation.get(), let code = try? SafeProxyFactory.decodeCreationCode(creationData) else {
            throw SafeError.noContracts("Safe \(version.rawValue) proxy factory", chainID: chainID)
        }
        guard let reported = try? SafeContract.decodeVersion(try singletonVersion.get()) else {
            throw SafeError.noContracts("Safe \(version.rawValue) singleton", chainID: chainID)
        }
        guard SafeVersion(reported: reported) == version else { throw SafeError.singletonVersion(singleton, reports: reported, expected: version) }
        let deployment = SafeProxyDeployment(factory: factory, singleton: singleton, initializer: initializer, saltNonce: saltNonce)
        let predicted = try deployment.address(creationCode: code)
        guard try await chain.remote.code(at: predicted).isEmpty else { throw SafeError.alreadyDeployed(predicted) }
        return (deployment, predicted, version, chainID)
    }
}
