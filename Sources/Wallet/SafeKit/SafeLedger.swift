import BigInt
import EthereumKit
import struct Foundation.Data

/// What moved in and out of a Safe, read from its executions and logs: the rows an accounting
/// tool imports. Each reading is a pure function of chain data, so every front end agrees.
public enum SafeLedger {
    /// Which way an asset moved, from the Safe's side.
    public enum Direction: String, Sendable {
        case incoming = "in", outgoing = "out"
    }

    /// One asset moving once: `asset` nil for ether, `amount` in its smallest unit.
    public struct Movement: Sendable, Hashable {
        public let direction: Direction
        public let asset: Address?
        public let amount: BigUInt
        public let counterparty: Address

        /// A movement of `amount` of `asset` (nil: ether) to or from `counterparty`.
        public init(_ direction: Direction, asset: Address?, amount: BigUInt, counterparty: Address) {
            self.direction = direction
            self.asset = asset
            self.amount = amount
            self.counterparty = counterparty
        }
    }

    /// `Transfer(address,address,uint256)`, the ERC-20 event (three topics; ERC-721's has four).
    public static let transferTopic = Keccak256.hash(Array("Transfer(address,address,uint256)".utf8))

    /// The ether a Safe's call sends: the call's own value, and the value of each call inside a
    /// batch. A delegatecall's value stays in the Safe, so only its inner calls count.
    public static func etherSent(_ call: DecodedCall) -> [Movement] {
        var out: [Movement] = []
        if call.operation == .call, call.value > 0 { out.append(Movement(.outgoing, asset: nil, amount: call.value, counterparty: call.to)) }
        for inner in call.calls { out += etherSent(inner) }
        return out
    }

    /// The ether a call the Safe ran sends, its batch read by `decoder`.
    public static func etherSent(_ call: MultiSendCall, decoder: CallDecoder = CallDecoder()) -> [Movement] {
        etherSent(decoder.decode(to: call.to, value: call.value, data: call.data, operation: call.operation))
    }

    /// The ERC-20 movement a log records for `safe`, or nil for a log that moves none of its tokens.
    public static func tokenMovement(safe: Address, contract: Address, topics: [[UInt8]], data: [UInt8]) -> Movement? {
        guard let (from, to, erc20, _) = tokenTransfer(topics: topics, data: data), let amount = erc20, from != to else { return nil }
        if from == safe { return Movement(.outgoing, asset: contract, amount: amount, counterparty: to) }
        if to == safe { return Movement(.incoming, asset: contract, amount: amount, counterparty: from) }
        return nil
    }

    /// What a `Transfer` log says: who sent what to whom, an ERC-20 amount (three topics, the
    /// amount as data) or an ERC-721 token ID (four topics, no data); nil for any other log, and
    /// for one whose address topics are not addresses. The ledger, the served transfers, the
    /// follower's events and the review's event list all read a Transfer here.
    public static func tokenTransfer(topics: [[UInt8]], data: [UInt8]) -> (from: Address, to: Address, amount: BigUInt?, tokenID: BigUInt?)? {
        guard topics.first == transferTopic, topics.count >= 3,
              let from = Address(strictWord: topics[1]), let to = Address(strictWord: topics[2]) else { return nil }
        if topics.count == 4, data.isEmpty { return (from, to, nil, BigUInt(Data(topics[3]))) }
        guard topics.count == 3, data.count == 32 else { return nil }
        return (from, to, BigUInt(Data(data)), nil)
    }

    /// The ether a `SafeReceived` log records coming in.
    public static func etherReceived(topics: [[UInt8]], data: [UInt8]) -> Movement? {
        guard topics.count == 2, topics[0] == SafeEvents.safeReceived, data.count == 32 else { return nil }
        return Movement(.incoming, asset: nil, amount: BigUInt(Data(data)), counterparty: Address(word: topics[1]))
    }
}

extension SafeContract {
    /// The call an `execTransaction` calldata makes the Safe run: `to`, `value`, `data` and the operation.
    public static func executedCall(_ calldata: [UInt8]) -> MultiSendCall? {
        guard let values = try? execTransaction.decodeCall(calldata), values.count == 10,
              case .address(let to) = values[0], case .uint(let value) = values[1], case .bytes(let data) = values[2],
              case .uint(let op) = values[3], op <= 2, let operation = SafeOperation(rawValue: UInt8(op))
        else { return nil }
        return MultiSendCall(operation: operation, to: to, value: value, data: data)
    }

    /// `execTransactionFromModule(to, value, data, operation)`, as a module sends it.
    public static let execTransactionFromModule = signature("execTransactionFromModule(address,uint256,bytes,uint8)")
    static let execTransactionFromModuleReturnData = signature("execTransactionFromModuleReturnData(address,uint256,bytes,uint8)")

    /// The call a module's `execTransactionFromModule` (or `…ReturnData`) calldata makes the Safe run.
    public static func moduleCall(_ calldata: [UInt8]) -> MultiSendCall? {
        for function in [execTransactionFromModule, execTransactionFromModuleReturnData] {
            guard let values = try? function.decodeCall(calldata), values.count == 4,
                  case .address(let to) = values[0], case .uint(let value) = values[1], case .bytes(let data) = values[2],
                  case .uint(let op) = values[3], op <= 2, let operation = SafeOperation(rawValue: UInt8(op)) else { continue }
            return MultiSendCall(operation: operation, to: to, value: value, data: data)
        }
        return nil
    }
}
