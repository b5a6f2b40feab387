import EthereumKit

/// One Safe release's contracts on a service's chain (`GET /api/v1/about/deployments/`).
public struct ServiceWireDeployment: Sendable, Equatable {
    /// One contract of the release, under its name in the Safe deployments (`GnosisSafeL2`, `SafeProxyFactory`, …).
    public struct Contract: Sendable, Equatable {
        public var contractName: String
        public var address: Address
        /// A contract of the release.
        public init(contractName: String, address: Address) {
            self.contractName = contractName
            self.address = address
        }
    }

    public var version: String
    public var contracts: [Contract]

    /// A release with its contracts.
    public init(version: String, contracts: [Contract]) {
        self.version = version
        self.contracts = contracts
    }

    public var json: JSONValue {
        .members([("version", .string(version)),
                  ("contracts", .array(contracts.map { .members([("contractName", .string($0.contractName)), ("address", .string($0.address.checksummed))]) }))])
    }
}
