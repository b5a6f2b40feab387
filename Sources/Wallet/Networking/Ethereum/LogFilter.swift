import EthereumKit

/// What `eth_getLogs` should return: a block range, emitting contracts, and topics by position.
public struct LogFilter: Sendable, Equatable {
    /// The first block searched.
    public var fromBlock: BlockTag
    /// The last block searched.
    public var toBlock: BlockTag
    /// Logs from any of these contracts; empty for any contract.
    public var address: [Address]
    /// Per position, the topics allowed there (any of them), or nil for any topic.
    public var topics: [[[UInt8]]?]

    /// A filter; by default the latest block, any contract, any topics.
    public init(
        fromBlock: BlockTag = .latest,
        toBlock: BlockTag = .latest,
        address: [Address] = [],
        topics: [[[UInt8]]?] = []
    ) {
        self.fromBlock = fromBlock
        self.toBlock = toBlock
        self.address = address
        self.topics = topics
    }

    /// The filter object; one address goes as a plain string, which older nodes require.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("fromBlock", fromBlock.jsonValue),
            ("toBlock", toBlock.jsonValue),
        ]
        if address.count == 1 {
            members.append(("address", RPCParam.address(address[0])))
        } else if !address.isEmpty {
            members.append(("address", .array(address.map(RPCParam.address))))
        }
        if !topics.isEmpty {
            members.append(("topics", .array(topics.map { position in
                position.map { .array($0.map(RPCParam.data)) } ?? .null
            })))
        }
        return .object(members)
    }
}
