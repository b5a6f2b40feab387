import BigInt
import EthereumKit

/// One event as the official service's webhooks send it: `type`, the Safe as `address`, the
/// chain ID as a string, and the fields of that type (`failed` is the string "true" or "false",
/// as the official service sends it). Bifrost's server writes it and its clients read it.
public struct ServiceWireEvent: Sendable, Equatable {
    public var type: String
    public var address: Address
    public var chainID: BigUInt
    public var safeTxHash: [UInt8]?
    public var messageHash: [UInt8]?
    public var owner: Address?
    public var failed: Bool?
    public var txHash: [UInt8]?
    public var tokenAddress: Address?
    public var value: BigUInt?
    public var tokenID: BigUInt?
    /// For `REORG_DETECTED`: the last block that stands.
    public var blockNumber: BigUInt?

    /// An event of `type` about the Safe at `address`; the fields its type has are set after.
    public init(type: String, address: Address, chainID: BigUInt) {
        self.type = type
        self.address = address
        self.chainID = chainID
    }

    /// Reads one from the service's JSON.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "event")
        type = try f.string("type") ?? ""
        address = try f.address("address")
        chainID = try f.number("chainId")
        safeTxHash = try f.hex("safeTxHash")
        messageHash = try f.hex("messageHash")
        owner = try f.optionalAddress("owner")
        failed = try f.string("failed").map { $0 == "true" }
        txHash = try f.hex("txHash")
        tokenAddress = try f.optionalAddress("tokenAddress")
        value = try f.optionalNumber("value")
        tokenID = try f.optionalNumber("tokenId")
        blockNumber = try f.optionalNumber("blockNumber")
    }

    /// The service's JSON: only the members this event has, in the official order.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("address", .string(address.checksummed)), ("type", .string(type))]
        if let owner { members.append(("owner", .string(owner.checksummed))) }
        if let safeTxHash { members.append(("safeTxHash", .string(Hex.encode(safeTxHash)))) }
        if let messageHash { members.append(("messageHash", .string(Hex.encode(messageHash)))) }
        if let failed { members.append(("failed", .string(failed ? "true" : "false"))) }
        if let tokenAddress { members.append(("tokenAddress", .string(tokenAddress.checksummed))) }
        if let txHash { members.append(("txHash", .string(Hex.encode(txHash)))) }
        if let value { members.append(("value", .string(String(value)))) }
        if let tokenID { members.append(("tokenId", .string(String(tokenID)))) }
        if let blockNumber { members.append(("blockNumber", .number(String(blockNumber)))) }
        members.append(("chainId", .string(String(chainID))))
        return .members(members)
    }
}
