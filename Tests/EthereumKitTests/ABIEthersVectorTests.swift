import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("ABI: ethers v6 vectors")
struct ABIEthersVectorTests {
    /// Builds the value from ethers' `verbose` form: `{type: number|boolean|address|hexstring|string|array|object, value}`.
    static func value(_ type: ABIType, verbose: JSONValue) throws -> ABIValue {
        let kind = try VectorValue.string(verbose["type"])
        let raw = try verbose.require("value")
        switch (kind, type) {
        case ("number", .uint): return .uint(try VectorValue.uint(raw))
        case ("number", .int): return .int(try VectorValue.int(raw))
        case ("boolean", .bool):
            guard case .bool(let b) = raw else { throw VectorError.malformed("bool \(raw)") }
            return .bool(b)
        case ("address", .address): return .address(try #require(try VectorValue.address(raw)))
        case ("hexstring", .bytes), ("hexstring", .fixedBytes): return .bytes(try VectorValue.bytes(raw))
        case ("string", .string): return .string(try VectorValue.string(raw))
        case ("array", .array(let t)), ("array", .fixedArray(let t, _)):
            return .array(try VectorValue.array(raw).map { try value(t, verbose: $0) })
        case ("object", .tuple(let ts)):
            let items = try VectorValue.array(raw)
            guard items.count == ts.count else { throw VectorError.malformed("tuple arity") }
            return .tuple(try zip(ts, items).map { try value($0, verbose: $1) })
        default:
            throw VectorError.malformed("verbose kind \(kind) does not fit type \(type)")
        }
    }

    @Test("given all 1024 ethers ABI cases, when each value is encoded, then it matches, and decoding gives the value back")
    func everyCase() throws {
        let cases = try VectorValue.array(try Vectors.json("ethers-v6-abi.json.gz", in: .module))
        #expect(cases.count == 1024)
        var ran = 0
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let typeText = try VectorValue.string(c["type"])
            let type = try ABIType(parsing: typeText)
            let value = try Self.value(type, verbose: try c.require("verbose"))
            let encoded = try VectorValue.bytes(c["encoded"])
            #expect(try ABIEncoder.encode(type, value) == encoded, "\(name)")
            #expect(try ABIDecoder.decode(type, from: encoded) == value, "\(name)")
            #expect(try ABIDecoder.decode([type], from: encoded) == [value], "\(name)")
            ran += 1
        }
        #expect(ran == 1024)
    }
}
