import BigInt
import EthereumKit
import Foundation

/// How far a service has read the chain (`GET /api/v1/about/indexing/`): the head, how far its
/// token and Safe indexers have come, and whether each is within the reorganisation depth.
public struct ServiceWireIndexingStatus: Sendable, Equatable {
    public var currentBlockNumber: BigUInt
    public var currentBlockTimestamp: Date
    public var erc20BlockNumber: BigUInt
    public var erc20BlockTimestamp: Date
    public var erc20Synced: Bool
    public var masterCopiesBlockNumber: BigUInt
    public var masterCopiesBlockTimestamp: Date
    public var masterCopiesSynced: Bool
    public var synced: Bool { erc20Synced && masterCopiesSynced }

    /// One reader for both: Bifrost's follower reads a Safe's events and its token transfers together.
    public init(current: (number: BigUInt, date: Date), read: (number: BigUInt, date: Date), synced: Bool) {
        currentBlockNumber = current.number
        currentBlockTimestamp = current.date
        (erc20BlockNumber, erc20BlockTimestamp, erc20Synced) = (read.number, read.date, synced)
        (masterCopiesBlockNumber, masterCopiesBlockTimestamp, masterCopiesSynced) = (read.number, read.date, synced)
    }

    public var json: JSONValue {
        .members([("currentBlockNumber", .number(String(currentBlockNumber))), ("currentBlockTimestamp", ServiceWireDate.json(currentBlockTimestamp)),
                  ("erc20BlockNumber", .number(String(erc20BlockNumber))), ("erc20BlockTimestamp", ServiceWireDate.json(erc20BlockTimestamp)),
                  ("erc20Synced", .bool(erc20Synced)), ("masterCopiesBlockNumber", .number(String(masterCopiesBlockNumber))),
                  ("masterCopiesBlockTimestamp", ServiceWireDate.json(masterCopiesBlockTimestamp)), ("masterCopiesSynced", .bool(masterCopiesSynced)),
                  ("synced", .bool(synced))])
    }
}
