import BigInt
import EthereumKit

/// The transaction object of `eth_call` and `eth_estimateGas`; fields left nil are left to the node.
public struct CallRequest: Sendable, Equatable {
    /// The sender; some contracts read `msg.sender`.
    public var from: Address?
    /// Nil for a contract creation.
    public var to: Address?
    /// Wei sent along.
    public var value: BigUInt?
    /// Calldata; empty for a plain transfer.
    public var data: [UInt8]
    /// A gas limit; nil lets the node choose.
    public var gas: BigUInt?
    /// Legacy fee; leave nil when giving the EIP-1559 fields.
    public var gasPrice: BigUInt?
    /// EIP-1559 fee cap.
    public var maxFeePerGas: BigUInt?
    /// EIP-1559 tip cap.
    public var maxPriorityFeePerGas: BigUInt?

    /// A call object; only what is given is sent.
    public init(
        from: Address? = nil,
        to: Address? = nil,
        value: BigUInt? = nil,
        data: [UInt8] = [],
        gas: BigUInt? = nil,
        gasPrice: BigUInt? = nil,
        maxFeePerGas: BigUInt? = nil,
        maxPriorityFeePerGas: BigUInt? = nil
    ) {
        self.from = from
        self.to = to
        self.value = value
        self.data = data
        self.gas = gas
        self.gasPrice = gasPrice
        self.maxFeePerGas = maxFeePerGas
        self.maxPriorityFeePerGas = maxPriorityFeePerGas
    }

    /// The JSON object nodes expect, absent fields omitted. Calldata goes in `data`, the name every
    /// node (geth, anvil, erigon, nethermind) accepts.
    public var jsonValue: JSONValue {
        var members = [(key: String, value: JSONValue)]()
        if let from { members.append(("from", RPCParam.address(from))) }
        if let to { members.append(("to", RPCParam.address(to))) }
        if let gas { members.append(("gas", RPCParam.quantity(gas))) }
        if let gasPrice { members.append(("gasPrice", RPCParam.quantity(gasPrice))) }
        if let maxFeePerGas { members.append(("maxFeePerGas", RPCParam.quantity(maxFeePerGas))) }
        if let maxPriorityFeePerGas {
            members.append(("maxPriorityFeePerGas", RPCParam.quantity(maxPriorityFeePerGas)))
        }
        if let value { members.append(("value", RPCParam.quantity(value))) }
        if !data.isEmpty { members.append(("data", RPCParam.data(data))) }
        return .object(members)
    }
}
