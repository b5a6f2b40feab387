import BigInt
import EthereumKit

extension RPCMapper {
    /// `eth_getTransactionReceipt`: nil while the transaction is not mined (the node answers null).
    public static func receipt(_ value: JSONValue) throws(NetworkError) -> TransactionReceipt? {
        guard value != .null else { return nil }
        let e = "receipt"
        let status = try quantity(try member(value, "status", in: e), field: "\(e).status")
        guard status <= 1 else { throw expected("status 0x0 or 0x1", "\(e).status", value["status"] ?? .null) }
        return TransactionReceipt(
            transactionHash: try hash(try member(value, "transactionHash", in: e), field: "\(e).transactionHash"),
            status: status == 1,
            blockNumber: try quantity(try member(value, "blockNumber", in: e), field: "\(e).blockNumber"),
            gasUsed: try quantity(try member(value, "gasUsed", in: e), field: "\(e).gasUsed"),
            effectiveGasPrice: try quantity(
                try member(value, "effectiveGasPrice", in: e), field: "\(e).effectiveGasPrice"),
            from: try address(try member(value, "from", in: e), field: "\(e).from"),
            to: try optionalMember(value, "to").map { v throws(NetworkError) in try address(v, field: "\(e).to") },
            contractAddress: try optionalMember(value, "contractAddress").map { v throws(NetworkError) in
                try address(v, field: "\(e).contractAddress")
            },
            logs: try logs(optionalMember(value, "logs") ?? .array([]), field: "\(e).logs")
        )
    }

    /// `eth_getLogs`, or a receipt's `logs`.
    public static func logs(_ value: JSONValue, field: String = "result") throws(NetworkError) -> [Log] {
        var out = [Log]()
        for (index, item) in try array(value, field: field).enumerated() {
            out.append(try log(item, field: "\(field)[\(index)]"))
        }
        return out
    }

    /// One log object.
    public static func log(_ value: JSONValue, field: String = "log") throws(NetworkError) -> Log {
        var topics = [[UInt8]]()
        for (index, topic) in try array(try member(value, "topics", in: field), field: "\(field).topics").enumerated() {
            topics.append(try hash(topic, field: "\(field).topics[\(index)]"))
        }
        return Log(
            address: try address(try member(value, "address", in: field), field: "\(field).address"),
            topics: topics,
            data: try data(try member(value, "data", in: field), field: "\(field).data"),
            blockNumber: try optionalMember(value, "blockNumber").map { v throws(NetworkError) in
                try quantity(v, field: "\(field).blockNumber")
            },
            transactionHash: try optionalMember(value, "transactionHash").map { v throws(NetworkError) in
                try hash(v, field: "\(field).transactionHash")
            },
            logIndex: try optionalMember(value, "logIndex").map { v throws(NetworkError) in
                try quantity(v, field: "\(field).logIndex")
            },
            removed: try removed(optionalMember(value, "removed"), field: "\(field).removed"),
            blockHash: try optionalMember(value, "blockHash").map { v throws(NetworkError) in
                try hash(v, field: "\(field).blockHash")
            },
            blockTimestamp: try optionalMember(value, "blockTimestamp").map { v throws(NetworkError) in
                try quantity(v, field: "\(field).blockTimestamp")
            }
        )
    }

    /// A log's `removed` flag: absent or null as false, as nodes that never reorganise omit it.
    static func removed(_ value: JSONValue?, field: String) throws(NetworkError) -> Bool {
        switch value {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case _?: throw .invalidResponse("\(field) must be true or false")
        }
    }

    /// `eth_getTransactionByHash`: nil when the node does not know the transaction.
    public static func transaction(_ value: JSONValue) throws(NetworkError) -> RemoteTransaction? {
        guard value != .null else { return nil }
        let e = "transaction"
        func fee(_ key: String) throws(NetworkError) -> BigUInt? {
            try optionalMember(value, key).map { v throws(NetworkError) in try quantity(v, field: "\(e).\(key)") }
        }
        return RemoteTransaction(
            hash: try hash(try member(value, "hash", in: e), field: "\(e).hash"),
            from: try address(try member(value, "from", in: e), field: "\(e).from"),
            to: try optionalMember(value, "to").map { v throws(NetworkError) in try address(v, field: "\(e).to") },
            nonce: try quantity(try member(value, "nonce", in: e), field: "\(e).nonce"),
            value: try quantity(try member(value, "value", in: e), field: "\(e).value"),
            input: try data(try member(value, "input", in: e), field: "\(e).input"),
            blockNumber: try fee("blockNumber"),
            gas: try quantity(try member(value, "gas", in: e), field: "\(e).gas"),
            gasPrice: try fee("gasPrice"),
            maxFeePerGas: try fee("maxFeePerGas"),
            maxPriorityFeePerGas: try fee("maxPriorityFeePerGas")
        )
    }

    /// `eth_getBlockByNumber`: nil for a block that does not exist (yet).
    public static func block(_ value: JSONValue) throws(NetworkError) -> Block? {
        guard value != .null else { return nil }
        let e = "block"
        var hashes = [[UInt8]]()
        let transactions = optionalMember(value, "transactions") ?? .array([])
        for (index, item) in try array(transactions, field: "\(e).transactions").enumerated() {
            // Asked without bodies a node lists hashes; with bodies, objects that carry their hash.
            let hashValue = item["hash"] ?? item
            hashes.append(try hash(hashValue, field: "\(e).transactions[\(index)]"))
        }
        return Block(
            number: try quantity(try member(value, "number", in: e), field: "\(e).number"),
            hash: try optionalMember(value, "hash").map { v throws(NetworkError) in try hash(v, field: "\(e).hash") } ?? [],
            timestamp: try quantity(try member(value, "timestamp", in: e), field: "\(e).timestamp"),
            baseFeePerGas: try optionalMember(value, "baseFeePerGas").map { v throws(NetworkError) in
                try quantity(v, field: "\(e).baseFeePerGas")
            },
            gasLimit: try quantity(try member(value, "gasLimit", in: e), field: "\(e).gasLimit"),
            transactionHashes: hashes
        )
    }

    /// `eth_feeHistory`.
    public static func feeHistory(_ value: JSONValue) throws(NetworkError) -> FeeHistory {
        let e = "feeHistory"
        var baseFees = [BigUInt]()
        for (i, item) in try array(try member(value, "baseFeePerGas", in: e), field: "\(e).baseFeePerGas").enumerated() {
            baseFees.append(try quantity(item, field: "\(e).baseFeePerGas[\(i)]"))
        }
        var ratios = [Double]()
        for (i, item) in try array(try member(value, "gasUsedRatio", in: e), field: "\(e).gasUsedRatio").enumerated() {
            ratios.append(try double(item, field: "\(e).gasUsedRatio[\(i)]"))
        }
        var rewards: [[BigUInt]]?
        if let reward = optionalMember(value, "reward") {
            var rows = [[BigUInt]]()
            for (i, row) in try array(reward, field: "\(e).reward").enumerated() {
                var fees = [BigUInt]()
                for (j, item) in try array(row, field: "\(e).reward[\(i)]").enumerated() {
                    fees.append(try quantity(item, field: "\(e).reward[\(i)][\(j)]"))
                }
                rows.append(fees)
            }
            rewards = rows
        }
        return FeeHistory(
            oldestBlock: try quantity(try member(value, "oldestBlock", in: e), field: "\(e).oldestBlock"),
            baseFeePerGas: baseFees,
            gasUsedRatio: ratios,
            reward: rewards
        )
    }
}
