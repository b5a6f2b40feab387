import BigInt
import EthereumKit
import struct Foundation.Data

/// One call in a MultiSend batch.
public struct MultiSendCall: Sendable, Hashable {
    public var operation: SafeOperation
    public var to: Address
    public var value: BigUInt
    public var data: [UInt8]

    /// A batched call; batches sent through MultiSendCallOnly must use `.call`.
    public init(operation: SafeOperation = .call, to: Address, value: BigUInt = 0, data: [UInt8] = []) {
        self.operation = operation
        self.to = to
        self.value = value
        self.data = data
    }
}

/// MultiSend's packed encoding: each call is `operation (1) ‖ to (20) ‖ value (32) ‖ data length (32) ‖ data`.
public enum MultiSend {
    static let multiSendSignature = try! FunctionSignature("multiSend(bytes)")

    /// The packed transactions.
    public static func pack(_ calls: [MultiSendCall]) throws(SafeKitError) -> [UInt8] {
        var out: [UInt8] = []
        for call in calls {
            out += [call.operation.rawValue] + call.to.bytes + (try SafeProxyFactory.word(call.value, field: "value"))
                + (try SafeProxyFactory.word(BigUInt(call.data.count), field: "data length")) + call.data
        }
        return out
    }

    /// `multiSend(packed)` calldata, which the Safe runs with a delegatecall.
    public static func multiSendCall(_ calls: [MultiSendCall]) throws(SafeKitError) -> [UInt8] {
        guard !calls.isEmpty else { throw .emptyBatch }
        return try SafeContract.encode(multiSendSignature, [.bytes(try pack(calls))])
    }

    /// The calls of `multiSend(bytes)` calldata, or nil when `data` is not such a call.
    public static func calls(inCall data: [UInt8]) -> [MultiSendCall]? {
        guard data.count >= 4, Array(data.prefix(4)) == multiSendSignature.selector,
              case .bytes(let packed)? = try? multiSendSignature.decodeCall(data).first else { return nil }
        return try? unpack(packed)
    }

    /// Splits packed transactions back into calls.
    public static func unpack(_ packed: [UInt8]) throws(SafeKitError) -> [MultiSendCall] {
        var calls: [MultiSendCall] = []
        var i = 0
        while i < packed.count {
            guard packed.count - i >= 85, let op = SafeOperation(rawValue: packed[i]) else {
                throw .unexpectedResult("a MultiSend entry at byte \(i) is truncated or has an unknown operation")
            }
            let to = Address(word: packed[i + 1..<i + 21])
            let value = BigUInt(Data(packed[i + 21..<i + 53]))
            let length = BigUInt(Data(packed[i + 53..<i + 85]))
            guard length <= BigUInt(packed.count - i - 85), let dataLength = Int(exactly: length) else {
                throw .unexpectedResult("a MultiSend entry at byte \(i) claims more data than there is")
            }
            let end = i + 85 + dataLength
            calls.append(MultiSendCall(operation: op, to: to, value: value, data: Array(packed[i + 85..<end])))
            i = end
        }
        return calls
    }
}
