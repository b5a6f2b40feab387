import BigInt
import EthereumKit

/// One Safe singleton a service knows (`GET /api/v1/about/singletons/`).
public struct ServiceWireSingleton: Sendable, Equatable {
    public var address: Address
    /// The release, `1.4.1+L2` for an L2 singleton.
    public var version: String
    public var deployer: String
    public var deployedBlockNumber: BigUInt
    /// The last block the service has read for it; nil before any.
    public var lastIndexedBlockNumber: BigUInt?
    public var l2: Bool

    /// A singleton's description.
    public init(address: Address, version: String, deployer: String = "Safe", deployedBlockNumber: BigUInt, lastIndexedBlockNumber: BigUInt?,
                l2: Bool) {
        self.address = address
        self.version = version
        self.deployer = deployer
        self.deployedBlockNumber = deployedBlockNumber
        self.lastIndexedBlockNumber = lastIndexedBlockNumber
        self.l2 = l2
    }

    public var json: JSONValue {
        .members([("address", .string(address.checksummed)), ("version", .string(version)), ("deployer", .string(deployer)),
                  ("deployedBlockNumber", .number(String(deployedBlockNumber))),
                  ("lastIndexedBlockNumber", lastIndexedBlockNumber.map { .number(String($0)) } ?? .null), ("l2", .bool(l2))])
    }
}
