import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("ABI: Solidity specification examples")
struct ABISpecExampleTests {
    /// Builds a value of `type` from the plain JSON the examples use: numbers or numeric strings for
    /// integers, hex for bytes, arrays for arrays and tuples.
    static func value(_ type: ABIType, _ json: JSONValue) throws -> ABIValue {
        switch type {
        case .uint: return .uint(try VectorValue.uint(json))
        case .int: return .int(try VectorValue.int(json))
        case .bool:
            guard case .bool(let b) = json else { throw VectorError.malformed("not a bool: \(json)") }
            return .bool(b)
        case .address: return .address(try #require(try VectorValue.address(json)))
        case .fixedBytes, .bytes: return .bytes(try VectorValue.bytes(json))
        case .string: return .string(try VectorValue.string(json))
        case .array(let t), .fixedArray(let t, _):
            return .array(try VectorValue.array(json).map { try value(t, $0) })
        case .tuple(let ts):
            let items = try VectorValue.array(json)
            guard items.count == ts.count else { throw VectorError.malformed("tuple arity") }
            return .tuple(try zip(ts, items).map { try value($0, $1) })
        }
    }

    @Test("given each example function, when its arguments are encoded, then selector and calldata match the spec, and decoding returns the arguments")
    func functionExamples() throws {
        let file = try Vectors.json("abi_spec_examples.json", in: .module)
        let cases = try VectorValue.array(file["cases"]).filter { $0["signature"] != nil }
        #expect(cases.count == 5)
        for c in cases {
            let signature = try FunctionSignature(try VectorValue.string(c["signature"]))
            #expect(signature.canonical == (try VectorValue.string(c["signature"])))
            #expect(Hex.encode(signature.selector) == (try VectorValue.string(c["selector"])), "\(signature)")
            let args = try VectorValue.array(c["args"])
            let values = try zip(signature.inputs, args).map { try Self.value($0, $1) }
            let calldata = try VectorValue.bytes(c["calldata"])
            #expect(try signature.encodeCall(values) == calldata, "\(signature)")
            #expect(try signature.decodeCall(calldata) == values, "\(signature)")
        }
    }

    @Test("given the non-standard packed mode example, when packed, then the bytes match the spec")
    func encodePackedExample() throws {
        let file = try Vectors.json("abi_spec_examples.json", in: .module)
        let cases = try VectorValue.array(file["cases"]).filter { $0["packed"] != nil }
        #expect(cases.count == 1)
        for c in cases {
            let types = try VectorValue.array(c["types"]).map { try ABIType(parsing: try VectorValue.string($0)) }
            let values = try zip(types, try VectorValue.array(c["args"])).map { try Self.value($0, $1) }
            #expect(try ABIEncoder.encodePacked(types, values) == (try VectorValue.bytes(c["packed"])))
        }
    }

    @Test("given common signature spellings, when parsed, then they reduce to the canonical form")
    func signatureSpellings() throws {
        let canonical = "transfer(address,uint256)"
        let selector = "0xa9059cbb"
        for text in [
            "transfer(address,uint256)",
            "transfer(address to,uint256 amount)",
            "transfer(address to, uint256 amount)",
            "transfer(address, uint256)",
            " function transfer(address,uint)",
        ] {
            let sig = try FunctionSignature(text)
            #expect(sig.canonical == canonical, "\(text)")
            #expect(Hex.encode(sig.selector) == selector, "\(text)")
        }
        let balanceOf = try FunctionSignature("balanceOf(address)(uint256)")
        #expect(balanceOf.outputs == [.uint(bits: 256)])
        let withReturns = try FunctionSignature("function balanceOf(address owner) returns (uint256)")
        #expect(withReturns.canonical == "balanceOf(address)")
        #expect(withReturns.outputs == [.uint(bits: 256)])
        let nested = try FunctionSignature("f((uint256,address)[] items, tuple(bool)[2] flags)")
        #expect(nested.canonical == "f((uint256,address)[],(bool)[2])")
    }

    @Test("given malformed signatures and type names, when parsed, then ABITypeError is thrown")
    func malformedSignatures() throws {
        for text in ["transfer", "transfer(address", "(address)", "1x(uint256)", "f(uint7)", "f(address)garbage"] {
            #expect(throws: ABITypeError.self, "\(text)") { try FunctionSignature(text) }
        }
        for text in ["uint7", "uint264", "uint0", "uint08", "bytes0", "bytes33", "foo", "uint256[", "uint256[x]", "(uint256", "(uint256))", ""] {
            #expect(throws: ABITypeError.invalidType(text), "\(text)") { try ABIType(parsing: text) }
        }
        // Fixed arrays too large for any calldata are refused instead of overflowing their size.
        for text in ["uint256[9223372036854775807]", "uint256[1000000000][1000000000]", "(uint256,bytes32[4611686018427387904])"] {
            #expect(throws: ABITypeError.invalidType(text), "\(text)") { try ABIType(parsing: text) }
        }
        #expect(throws: ABITypeError.self) { try FunctionSignature("f(uint256[576460752303423488][16])") }
        #expect(try ABIType(parsing: "bytes32[1000]").description == "bytes32[1000]")
        #expect(try ABIType(parsing: "int") == .int(bits: 256))
        #expect(try ABIType(parsing: "uint[2][]") == .array(.fixedArray(.uint(bits: 256), 2)))
        #expect(try ABIType(parsing: "tuple(uint8,string)[]") == .array(.tuple([.uint(bits: 8), .string])))
    }
}
