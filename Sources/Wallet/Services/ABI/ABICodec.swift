import Storage

/// Calldata built from a signature and text arguments.
public struct EncodedCall: Sendable, Equatable {
    /// The 4-byte selector, or nil for a bare `(types…)` tuple.
    public let selector: [UInt8]?
    /// Selector (if any) followed by the encoded arguments.
    public let calldata: [UInt8]
}

/// Values decoded from ABI data, each with its type.
public struct DecodedValues: Sendable, Equatable {
    public let types: [ABIType]
    public let values: [ABIValue]
}

/// Encodes and decodes Solidity ABI data given signatures and arguments as text.
public struct ABICodec: Sendable {
    /// A service with no dependencies: everything here is pure.
    public init() {}

    /// Encodes `args` for `signature`: `transfer(address,uint256)` gives calldata with a selector,
    /// a bare `(address,uint256)` gives only the encoded arguments.
    public func encode(signature: String, arguments: [String]) throws -> EncodedCall {
        let (selector, types) = try parse(signature)
        guard types.count == arguments.count else {
            throw ABIError.argumentCount(expected: types.count, got: arguments.count)
        }
        var values = [ABIValue]()
        for (t, a) in zip(types, arguments) { values.append(try ABIArgumentParser.parse(a, as: t)) }
        let body = try ABIEncoder.encode(types, values)
        return EncodedCall(selector: selector, calldata: (selector ?? []) + body)
    }

    /// Decodes `data` for `signature`. With return types (`f(…)(uint256)`) the data is return data;
    /// otherwise it is calldata, whose selector must match when present.
    public func decode(signature: String, data: [UInt8]) throws -> DecodedValues {
        let trimmed = signature.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("(") {
            let types = try tupleTypes(trimmed)
            return DecodedValues(types: types, values: try ABIDecoder.decode(types, from: data))
        }
        let fn = try FunctionSignature(trimmed)
        if let outputs = fn.outputs {
            return DecodedValues(types: outputs, values: try ABIDecoder.decode(outputs, from: data))
        }
        let body = data.count % 32 == 4 ? Array(data.dropFirst(4)) : data
        if data.count % 32 == 4, Array(data.prefix(4)) != fn.selector {
            throw ABIError.selectorMismatch(expected: Hex.encode(fn.selector), got: Hex.encode(data.prefix(4)))
        }
        return DecodedValues(types: fn.inputs, values: try ABIDecoder.decode(fn.inputs, from: body))
    }

    private func parse(_ signature: String) throws -> (selector: [UInt8]?, types: [ABIType]) {
        let trimmed = signature.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("(") { return (nil, try tupleTypes(trimmed)) }
        let fn = try FunctionSignature(trimmed)
        return (fn.selector, fn.inputs)
    }

    private func tupleTypes(_ text: String) throws -> [ABIType] {
        guard case .tuple(let types) = try ABIType(parsing: text) else { throw ABITypeError.invalidType(text) }
        return types
    }
}

import Foundation
