import BigInt
import EthereumKit

extension EthereumRemote {
    /// The typed `eth_*` requests, to run alone through the remote's methods or together in `batch`.
    public enum Requests {
        /// `eth_chainId`.
        public static func chainID() -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_chainId", params: []) { try RPCMapper.quantity($0) }
        }

        /// `web3_clientVersion`: the node's software and version, as it names them.
        public static func clientVersion() -> RPCRequest<String> {
            RPCRequest(method: "web3_clientVersion", params: []) { value throws(NetworkError) in
                guard let text = value.stringValue else { throw RPCMapper.expected("a string", "result", value) }
                return text
            }
        }

        /// `eth_syncing`: false, or the node's progress in its own words.
        public static func syncing() -> RPCRequest<JSONValue> {
            RPCRequest(method: "eth_syncing", params: []) { $0 }
        }

        /// `eth_blockNumber`.
        public static func blockNumber() -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_blockNumber", params: []) { try RPCMapper.quantity($0) }
        }

        /// `eth_getBalance`, in wei.
        public static func balance(of address: Address, at block: BlockTag = .latest) -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_getBalance", params: [RPCParam.address(address), block.jsonValue]) {
                try RPCMapper.quantity($0)
            }
        }

        /// `eth_getTransactionCount`; at `.pending` this is the next nonce to use.
        public static func transactionCount(of address: Address, at block: BlockTag = .pending) -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_getTransactionCount", params: [RPCParam.address(address), block.jsonValue]) {
                try RPCMapper.quantity($0)
            }
        }

        /// `eth_call`: the return data. A revert comes back as `NetworkError.rpc` with the revert data.
        public static func call(_ call: CallRequest, at block: BlockTag = .latest) -> RPCRequest<[UInt8]> {
            RPCRequest(method: "eth_call", params: [call.jsonValue, block.jsonValue]) { try RPCMapper.data($0) }
        }

        /// `eth_call` assuming `overrides` (geth's state override set); a node without them refuses it.
        public static func call(_ call: CallRequest, at block: BlockTag = .latest, overriding overrides: StateOverride) -> RPCRequest<[UInt8]> {
            RPCRequest(method: "eth_call", params: [call.jsonValue, block.jsonValue, overrides.jsonValue]) { try RPCMapper.data($0) }
        }

        /// `eth_estimateGas`.
        public static func estimateGas(_ call: CallRequest) -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_estimateGas", params: [call.jsonValue]) { try RPCMapper.quantity($0) }
        }

        /// `eth_gasPrice`, in wei.
        public static func gasPrice() -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_gasPrice", params: []) { try RPCMapper.quantity($0) }
        }

        /// `eth_maxPriorityFeePerGas`, in wei.
        public static func maxPriorityFeePerGas() -> RPCRequest<BigUInt> {
            RPCRequest(method: "eth_maxPriorityFeePerGas", params: []) { try RPCMapper.quantity($0) }
        }

        /// `eth_feeHistory` over `blockCount` blocks ending at `newest`. Percentiles must lie in 0...100;
        /// others are clamped there (and NaN taken as 0) since a node would refuse them anyway.
        public static func feeHistory(
            blockCount: Int,
            newest: BlockTag,
            rewardPercentiles: [Double]
        ) -> RPCRequest<FeeHistory> {
            let percentiles = rewardPercentiles.map { p -> JSONValue in
                .number(String(describing: p.isNaN ? 0 : min(max(p, 0), 100)))
            }
            return RPCRequest(
                method: "eth_feeHistory",
                params: [RPCParam.quantity(blockCount), newest.jsonValue, .array(percentiles)]
            ) { try RPCMapper.feeHistory($0) }
        }

        /// `eth_sendRawTransaction`: the transaction hash.
        public static func sendRawTransaction(_ raw: [UInt8]) -> RPCRequest<[UInt8]> {
            RPCRequest(method: "eth_sendRawTransaction", params: [RPCParam.data(raw)]) { try RPCMapper.hash($0) }
        }

        /// `eth_getTransactionReceipt`: nil until mined.
        public static func transactionReceipt(hash: [UInt8]) -> RPCRequest<TransactionReceipt?> {
            RPCRequest(method: "eth_getTransactionReceipt", params: [RPCParam.data(hash)]) {
                try RPCMapper.receipt($0)
            }
        }

        /// `eth_getTransactionByHash`: nil when unknown.
        public static func transaction(hash: [UInt8]) -> RPCRequest<RemoteTransaction?> {
            RPCRequest(method: "eth_getTransactionByHash", params: [RPCParam.data(hash)]) {
                try RPCMapper.transaction($0)
            }
        }

        /// `eth_getCode`: empty for an externally owned account.
        public static func code(at address: Address, at block: BlockTag = .latest) -> RPCRequest<[UInt8]> {
            RPCRequest(method: "eth_getCode", params: [RPCParam.address(address), block.jsonValue]) {
                try RPCMapper.data($0)
            }
        }

        /// `eth_getStorageAt`: the 32-byte word in `slot` of `address`.
        public static func storage(at address: Address, slot: [UInt8], at block: BlockTag = .latest) -> RPCRequest<[UInt8]> {
            RPCRequest(method: "eth_getStorageAt", params: [RPCParam.address(address), RPCParam.data(slot), block.jsonValue]) {
                try RPCMapper.data($0)
            }
        }

        /// `eth_getLogs`.
        public static func logs(_ filter: LogFilter) -> RPCRequest<[Log]> {
            RPCRequest(method: "eth_getLogs", params: [filter.jsonValue]) { try RPCMapper.logs($0) }
        }

        /// `eth_getBlockByNumber` without transaction bodies: nil for a block not yet produced.
        public static func block(_ tag: BlockTag) -> RPCRequest<Block?> {
            RPCRequest(method: "eth_getBlockByNumber", params: [tag.jsonValue, .bool(false)]) {
                try RPCMapper.block($0)
            }
        }
    }
}
