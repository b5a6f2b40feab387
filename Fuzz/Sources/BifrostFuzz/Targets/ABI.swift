import BigInt
import EthereumKit

/// The argument lists the `abi` target decodes against, picked by the input's first byte: static
/// and dynamic types, nested and fixed arrays, tuples, and the Safe's own calls.
let abiTypeTable: [[ABIType]] = [
    "(uint256)", "(int8,int256)", "(address,bool)", "(bytes32,bytes1)", "(bytes)", "(string)",
    "(uint256[])", "(string[])", "(bytes[2])", "(uint8[3][])", "((uint256,string))", "((address,bytes)[])",
    "(uint256[],(string,bool)[2])", "(string[][])", "(((bytes,int64)[],address)[])", "(int256[2][],bytes7[])",
    // Safe execTransaction and MultiSend's multiSend, as Bifrost decodes them.
    "(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)", "(bytes)",
    "(uint256,uint32[],bytes10,bytes)", "(uint256[][],string[])", "(bool[],(uint16,(string,bytes)[])[2][])",
].map { text in
    guard case .tuple(let types) = try! ABIType(parsing: text) else { fatalError("not a tuple: \(text)") }
    return types
}

/// `ABIDecoder.decode`. The first byte picks an argument list from `abiTypeTable`, or, when it is
/// 0xff, the input carries its own type as text up to a NUL byte; the rest is the data. What
/// decodes must encode again, and that encoding must decode to the same values.
let abiTarget = FuzzTarget(
    name: "abi",
    summary: "ABIDecoder.decode against fixed and fuzzed types; decode(encode(v)) == v",
    run: { bytes in
        guard let first = bytes.first else { return false }
        let types: [ABIType]
        var data = Array(bytes.dropFirst())
        if first == 0xff {
            let end = data.firstIndex(of: 0) ?? data.endIndex
            guard let type = try? ABIType(parsing: String(decoding: data[..<end], as: UTF8.self)) else { return false }
            if case .tuple(let members) = type { types = members } else { types = [type] }
            data = Array(data[min(end + 1, data.endIndex)...])
        } else {
            types = abiTypeTable[Int(first) % abiTypeTable.count]
        }
        guard let values = try? ABIDecoder.decode(types, from: data) else { return false }
        require(values.count == types.count, "decoded \(values.count) values for \(types.count) types")
        let encoded: [UInt8]
        do {
            encoded = try ABIEncoder.encode(types, values)
        } catch {
            require(false, "values decoded as \(types) do not encode again: \(error)")
            return true
        }
        let again = try? ABIDecoder.decode(types, from: encoded)
        require(again == values, "\(types): decode(encode(decode(data))) differs from decode(data)")
        for value in values {
            _ = ABIValueFormatter.text(value)
            _ = ABIValueFormatter.json(value)
        }
        if types.count == 1 {
            require((try? ABIDecoder.decode(types[0], from: data)) == values[0], "single-value decode differs")
        }
        return true
    },
    seeds: { vectors in
        var seeds = [[UInt8]]()
        for (index, types) in abiTypeTable.enumerated() {
            for variant in 0..<3 {
                var budget = 64
                guard let values = sampleValues(types, variant: variant, budget: &budget),
                      let data = try? ABIEncoder.encode(types, values) else { continue }
                seeds.append([UInt8(index)] + data)
            }
        }
        // The Solidity documentation's examples, with their types as text.
        for test in vectors.json("EthereumKitTests/Vectors/abi_spec_examples.json")?["cases"]?.arrayValue ?? [] {
            guard let text = test["signature"]?.stringValue, let signature = try? FunctionSignature(text),
                  let calldata = hexBytes(test["calldata"]), calldata.count >= 4 else { continue }
            let tuple = ABIType.tuple(signature.inputs).description
            seeds.append([0xff] + Array(tuple.utf8) + [0] + Array(calldata.dropFirst(4)))
        }
        seeds.append([0xff] + Array("(uint8[2][3],string)".utf8) + [0] + Array(repeating: 0, count: 224))
        return seeds
    }
)

/// The type and function-signature parsers (`ABIType(parsing:)`, `FunctionSignature`) on the
/// input as text. A parsed type must parse again from its canonical name; a parsed signature must
/// parse again from its canonical form, and sample arguments must survive encodeCall/decodeCall.
let abiSignatureTarget = FuzzTarget(
    name: "abi-signature",
    summary: "ABIType(parsing:) and FunctionSignature on text; canonical forms re-parse, calls round-trip",
    run: { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        var accepted = false
        if let type = try? ABIType(parsing: text) {
            accepted = true
            let canonical = type.description
            require((try? ABIType(parsing: canonical)) == type, "type '\(canonical)' (from '\(text)') does not re-parse to itself")
            _ = type.isDynamic
            var budget = 256
            if let value = sampleValue(type, variant: bytes.count, budget: &budget),
               let encoded = try? ABIEncoder.encode(type, value) {
                require((try? ABIDecoder.decode(type, from: encoded)) == value, "\(canonical): a sample value does not round-trip")
            }
            _ = try? ABIDecoder.decode(type, from: Array(repeating: 0, count: 96))
        }
        guard let signature = try? FunctionSignature(text) else { return accepted }
        let canonical = signature.canonical
        guard let again = try? FunctionSignature(canonical) else {
            require(false, "signature '\(canonical)' (from '\(text)') does not re-parse")
            return true
        }
        require(again.inputs == signature.inputs && again.name == signature.name && again.canonical == canonical,
                "signature '\(canonical)' re-parses differently")
        require(signature.selector.count == 4, "a selector is not 4 bytes")
        if let outputs = signature.outputs {
            _ = outputs.map(\.description)
        }
        var budget = 256
        if let values = sampleValues(signature.inputs, variant: bytes.count, budget: &budget),
           let calldata = try? signature.encodeCall(values) {
            require((try? signature.decodeCall(calldata)) == values, "\(canonical): sample arguments do not round-trip")
        }
        _ = try? signature.decodeCall(signature.selector + Array(repeating: 0, count: 64))
        return true
    },
    seeds: { vectors in
        var texts = [
            "transfer(address,uint256)", "balanceOf(address)(uint256)", "approve(address spender, uint256 amount)",
            "function transferFrom(address from, address to, uint256 value) returns (bool)",
            "execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)",
            "multiSend(bytes)", "f((uint256,string)[2],bytes32)(bool)", "g(uint256[][],string[])",
            "h(tuple(bool,address)[],int8,bytes1,function)", "_$(uint[],int)", "k()", "m((bool))",
            "uint8[3][]", "(uint256,(string,bytes)[2])[]", "tuple(bool,address)[4]", "bytes32", "string[][2]",
        ]
        for test in vectors.json("EthereumKitTests/Vectors/abi_spec_examples.json")?["cases"]?.arrayValue ?? [] {
            if let text = test["signature"]?.stringValue { texts.append(text) }
        }
        return texts.map { Array($0.utf8) }
    }
)

/// Values for `types`, as `sampleValue` makes them.
func sampleValues(_ types: [ABIType], variant: Int, budget: inout Int) -> [ABIValue]? {
    var values = [ABIValue]()
    for (i, t) in types.enumerated() {
        guard let v = sampleValue(t, variant: variant &+ i, budget: &budget) else { return nil }
        values.append(v)
    }
    return values
}

/// A value of `type` that exercises its edges (zero, the largest and smallest values, empty and
/// multi-word byte strings, empty and non-empty arrays), chosen by `variant`; nil when it would
/// take more than `budget` values, so huge fixed arrays are skipped rather than built.
func sampleValue(_ type: ABIType, variant: Int, budget: inout Int) -> ABIValue? {
    budget -= 1
    guard budget >= 0 else { return nil }
    let v = variant & 0xffff
    switch type {
    case .uint(let bits):
        switch v % 3 {
        case 0: return .uint(0)
        case 1: return .uint((BigUInt(1) << bits) - 1)
        default: return .uint(BigUInt(v))
        }
    case .int(let bits):
        switch v % 3 {
        case 0: return .int(-(BigInt(1) << (bits - 1)))
        case 1: return .int((BigInt(1) << (bits - 1)) - 1)
        default: return .int(BigInt(-v))
        }
    case .address:
        return .address(try! Address(bytes: (0..<20).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ v) }))
    case .bool:
        return .bool(v % 2 == 1)
    case .fixedBytes(let n):
        return .bytes((0..<n).map { UInt8(truncatingIfNeeded: $0 &+ v) })
    case .bytes:
        return .bytes(Array(repeating: 0xab, count: [0, 1, 32, 33, 70][v % 5]))
    case .string:
        return .string(["", "a", "héllo wörld", "a string longer than thirty-two bytes, so two words"][v % 4])
    case .array(let element):
        var items = [ABIValue]()
        for i in 0..<(v % 3) {
            guard let item = sampleValue(element, variant: v &+ i &+ 1, budget: &budget) else { return nil }
            items.append(item)
        }
        return .array(items)
    case .fixedArray(let element, let count):
        guard count <= budget else { return nil }
        var items = [ABIValue]()
        for i in 0..<count {
            guard let item = sampleValue(element, variant: v &+ i, budget: &budget) else { return nil }
            items.append(item)
        }
        return .array(items)
    case .tuple(let members):
        guard let values = sampleValues(members, variant: v, budget: &budget) else { return nil }
        return .tuple(values)
    }
}
