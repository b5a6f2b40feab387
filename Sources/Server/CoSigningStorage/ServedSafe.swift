import BigInt
import EthereumKit
import Foundation
import Storage

/// A Safe a co-signing server serves, as last read from the chain: enough to answer which Safes
/// an owner has without asking the node for every Safe.
public struct ServedSafe: Sendable, Equatable {
    public let chainID: BigUInt
    public let address: Address
    public let owners: [Address]
    public let threshold: Int
    public let nonce: BigUInt
    /// The singleton's `VERSION()`, as the chain reported it.
    public let version: String
    public let readAt: Date

    /// A Safe as read at `readAt`.
    public init(chainID: BigUInt, address: Address, owners: [Address], threshold: Int, nonce: BigUInt, version: String, readAt: Date) {
        self.chainID = chainID
        self.address = address
        self.owners = owners
        self.threshold = threshold
        self.nonce = nonce
        self.version = version
        self.readAt = readAt
    }

    /// What a server keeps of `safe`, read at `readAt`.
    public init(_ safe: Safe, readAt: Date) {
        self.init(chainID: safe.chainID, address: safe.address, owners: safe.owners, threshold: Int(safe.threshold),
                  nonce: safe.nonce, version: safe.version, readAt: readAt)
    }
}
