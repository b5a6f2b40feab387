import BigInt
import EthereumKit

/// The `eth_*` JSON-RPC methods a wallet needs, mapped into entities. Every method is one round
/// trip; `batch` runs many reads in one.
public struct EthereumRemote: Sendable {
    /// The JSON-RPC client requests go through.
    public let rpc: JSONRPCClient

    /// A remote speaking through `rpc`.
    public init(rpc: JSONRPCClient) {
        self.rpc = rpc
    }

    /// Runs one typed request.
    public func send<T>(_ request: RPCRequest<T>) async throws(NetworkError) -> T {
        try request.output(from: try await rpc.call(request.method, request.params)).get()
    }

    /// The chain ID the node serves (EIP-155), e.g. 1 for mainnet.
    public func chainID() async throws(NetworkError) -> BigUInt { try await send(Requests.chainID()) }

    /// The number of the latest block.
    public func blockNumber() async throws(NetworkError) -> BigUInt { try await send(Requests.blockNumber()) }

    /// The balance of `address` in wei.
    public func balance(of address: Address, at block: BlockTag = .latest) async throws(NetworkError) -> BigUInt {
        try await send(Requests.balance(of: address, at: block))
    }

    /// The transaction count of `address`; at `.pending`, the next nonce.
    public func transactionCount(of address: Address, at block: BlockTag = .pending) async throws(NetworkError) -> BigUInt {
        try await send(Requests.transactionCount(of: address, at: block))
    }

    /// The return data of a read-only call; a revert throws `.rpc` with the revert data.
    public func call(_ call: CallRequest, at block: BlockTag = .latest) async throws(NetworkError) -> [UInt8] {
        try await send(Requests.call(call, at: block))
    }

    /// The return data of a read-only call assuming `overrides`; a revert throws `.rpc` with its data.
    public func call(_ call: CallRequest, at block: BlockTag = .latest, overriding overrides: StateOverride) async throws(NetworkError) -> [UInt8] {
        try await send(Requests.call(call, at: block, overriding: overrides))
    }

    /// The gas the node estimates `call` needs.
    public func estimateGas(_ call: CallRequest) async throws(NetworkError) -> BigUInt {
        try await send(Requests.estimateGas(call))
    }

    /// The node's legacy gas price suggestion, in wei.
    public func gasPrice() async throws(NetworkError) -> BigUInt { try await send(Requests.gasPrice()) }

    /// The node's priority fee suggestion, in wei.
    public func maxPriorityFeePerGas() async throws(NetworkError) -> BigUInt {
        try await send(Requests.maxPriorityFeePerGas())
    }

    /// Base fees and priority-fee percentiles of recent blocks.
    public func feeHistory(
        blockCount: Int,
        newest: BlockTag,
        rewardPercentiles: [Double]
    ) async throws(NetworkError) -> FeeHistory {
        try await send(Requests.feeHistory(blockCount: blockCount, newest: newest, rewardPercentiles: rewardPercentiles))
    }

    /// Broadcasts a signed transaction; returns its hash.
    public func sendRawTransaction(_ raw: [UInt8]) async throws(NetworkError) -> [UInt8] {
        try await send(Requests.sendRawTransaction(raw))
    }

    /// The receipt, or nil while the transaction is not mined.
    public func transactionReceipt(hash: [UInt8]) async throws(NetworkError) -> TransactionReceipt? {
        try await send(Requests.transactionReceipt(hash: hash))
    }

    /// The transaction, or nil when the node does not know it.
    public func transaction(hash: [UInt8]) async throws(NetworkError) -> RemoteTransaction? {
        try await send(Requests.transaction(hash: hash))
    }

    /// The contract code at `address`; empty for an externally owned account.
    public func code(at address: Address, at block: BlockTag = .latest) async throws(NetworkError) -> [UInt8] {
        try await send(Requests.code(at: address, at: block))
    }

    /// The logs matching `filter`.
    public func logs(_ filter: LogFilter) async throws(NetworkError) -> [Log] {
        try await send(Requests.logs(filter))
    }

    /// The block at `tag` with its transaction hashes, or nil when there is none.
    public func block(_ tag: BlockTag) async throws(NetworkError) -> Block? {
        try await send(Requests.block(tag))
    }
}
