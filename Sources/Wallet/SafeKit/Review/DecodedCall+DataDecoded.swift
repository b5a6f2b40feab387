import EthereumKit

extension DecodedCall {
    /// The call as the Transaction Service writes `dataDecoded`: the method with its parameters
    /// (name, type, value), a batch's inner calls under the `transactions` parameter's
    /// `valueDecoded`, each decoded the same way; null for a plain transfer or an unknown function.
    public var dataDecoded: JSONValue {
        guard let function else { return .null }
        let parameters: [JSONValue]
        if calls.isEmpty {
            parameters = arguments.map { .object([("name", .string($0.name)), ("type", .string($0.type)), ("value", $0.json)]) }
        } else {
            var packed: [UInt8] = []
            if case .bytes(let bytes)? = (try? KnownFunction.multiSend.signature.decodeCall(data))?.first { packed = bytes }
            let inner: [JSONValue] = calls.map { call in
                .object([("operation", .number(String(call.operation.rawValue))), ("to", .string(call.to.checksummed)),
                         ("value", .string(String(call.value))), ("data", call.data.isEmpty ? .null : .string(Hex.encode(call.data))),
                         ("dataDecoded", call.dataDecoded)])
            }
            parameters = [.object([("name", .string("transactions")), ("type", .string("bytes")), ("value", .string(Hex.encode(packed))),
                                   ("valueDecoded", .array(inner))])]
        }
        return .object([("method", .string(function)), ("parameters", .array(parameters))])
    }
}
