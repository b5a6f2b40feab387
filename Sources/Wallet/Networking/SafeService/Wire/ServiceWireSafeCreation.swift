import BigInt
import EthereumKit
import Foundation

/// How a Safe was created (`GET /api/v1/safes/{address}/creation/`).
public struct ServiceWireSafeCreation: Sendable, Equatable {
    public var created: Date
    public var creator: Address
    public var transactionHash: [UInt8]
    public var factoryAddress: Address
    public var masterCopy: Address?
    /// The `setup` call, when the creator called the factory itself; only a trace shows it otherwise.
    public var setupData: [UInt8]?
    public var saltNonce: BigUInt?
    /// `setupData` decoded as the multisig transactions' `dataDecoded`; null when there is none.
    public var dataDecoded: JSONValue
    /// ERC-4337 creations only; null here.
    public var userOperation: JSONValue

    /// A creation as found on chain.
    public init(created: Date, creator: Address, transactionHash: [UInt8], factoryAddress: Address, masterCopy: Address?, setupData: [UInt8]?,
                saltNonce: BigUInt?, dataDecoded: JSONValue = .null, userOperation: JSONValue = .null) {
        self.created = created
        self.creator = creator
        self.transactionHash = transactionHash
        self.factoryAddress = factoryAddress
        self.masterCopy = masterCopy
        self.setupData = setupData
        self.saltNonce = saltNonce
        self.dataDecoded = dataDecoded
        self.userOperation = userOperation
    }

    public var json: JSONValue {
        .members([("created", ServiceWireDate.json(created)), ("creator", .string(creator.checksummed)), ("transactionHash", .string(Hex.encode(transactionHash))),
                  ("factoryAddress", .string(factoryAddress.checksummed)), ("masterCopy", masterCopy.map { .string($0.checksummed) } ?? .null),
                  ("setupData", setupData.map { .string(Hex.encode($0)) } ?? .null), ("saltNonce", saltNonce.map { .string(String($0)) } ?? .null),
                  ("dataDecoded", dataDecoded), ("userOperation", userOperation)])
    }
}
