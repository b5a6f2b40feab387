import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("RLP")
struct RLPTests {
    /// ethereum/tests `in`: a string is its UTF-8 bytes, `#123` is a big integer, a number is an integer.
    static func item(fromEthereumTests value: JSONValue) throws -> RLPItem {
        switch value {
        case .string(let s) where s.hasPrefix("#"):
            return .uint(try #require(BigUInt(String(s.dropFirst()), radix: 10)))
        case .string(let s):
            return .bytes(Array(s.utf8))
        case .number(let n):
            return .uint(try #require(IntegerText.parseUnsigned(n)))
        case .array(let items):
            return .list(try items.map(item(fromEthereumTests:)))
        default:
            throw VectorError.malformed("unexpected RLP input \(value)")
        }
    }

    /// ethers `decoded`: hex strings and nested arrays.
    static func item(fromEthers value: JSONValue) throws -> RLPItem {
        switch value {
        case .string(let s): return .bytes(try Hex.decode(s))
        case .array(let items): return .list(try items.map(item(fromEthers:)))
        default: throw VectorError.malformed("unexpected RLP input \(value)")
        }
    }

    @Test("given every ethereum/tests rlptest case, when encoded, then the bytes match, and decoding gives the item back")
    func ethereumTestsValid() throws {
        let file = try #require(try Vectors.json("RLPTests_rlptest.json", in: .module).objectValue)
        #expect(file.count == 28)
        for (name, test) in file {
            let item = try Self.item(fromEthereumTests: try test.require("in"))
            let expected = try VectorValue.bytes(test["out"])
            #expect(RLPEncoder.encode(item) == expected, "\(name)")
            #expect(try RLPDecoder.decode(expected) == item, "\(name)")
        }
    }

    /// The error each invalid case should produce; every one of them must be refused.
    static let invalidExpectations: [String: RLPError] = [
        "int32Overflow": .lengthOverflow,
        "int32Overflow2": .lengthOverflow,
        "wrongSizeList": .nonCanonicalLength,
        "wrongSizeList2": .nonCanonicalLength,
        "incorrectLengthInArray": .leadingZeroInLength,
        "randomRLP": .leadingZeroInLength,
        "bytesShouldBeSingleByte00": .nonCanonicalSingleByte,
        "bytesShouldBeSingleByte01": .nonCanonicalSingleByte,
        "bytesShouldBeSingleByte7F": .nonCanonicalSingleByte,
        "leadingZerosInLongLengthArray1": .leadingZeroInLength,
        "leadingZerosInLongLengthArray2": .leadingZeroInLength,
        "leadingZerosInLongLengthList1": .leadingZeroInLength,
        "leadingZerosInLongLengthList2": .leadingZeroInLength,
        "nonOptimalLongLengthArray1": .nonCanonicalLength,
        "nonOptimalLongLengthArray2": .nonCanonicalLength,
        "nonOptimalLongLengthList1": .nonCanonicalLength,
        "nonOptimalLongLengthList2": .nonCanonicalLength,
        "emptyEncoding": .empty,
        "lessThanShortLengthArray1": .truncated,
        "lessThanShortLengthArray2": .truncated,
        "lessThanShortLengthList1": .truncated,
        "lessThanShortLengthList2": .truncated,
        "lessThanLongLengthArray1": .truncated,
        "lessThanLongLengthArray2": .truncated,
        "lessThanLongLengthList1": .truncated,
        "lessThanLongLengthList2": .lengthOverflow,
    ]

    @Test("given every ethereum/tests invalidRLP case, when decoded, then the specific RLPError is thrown")
    func ethereumTestsInvalid() throws {
        let file = try #require(try Vectors.json("RLPTests_invalidRLPTest.json", in: .module).objectValue)
        #expect(file.count == 26)
        #expect(Set(file.map(\.key)) == Set(Self.invalidExpectations.keys))
        for (name, test) in file {
            #expect(test["in"]?.stringValue == "INVALID")
            // Some `out` values lack the 0x prefix, and one uses upper-case hex.
            let bytes = try VectorValue.bytes(test["out"])
            let expected = try #require(Self.invalidExpectations[name])
            #expect(throws: expected, "\(name)") { try RLPDecoder.decode(bytes) }
        }
    }

    @Test("given the ethereum/tests RandomRLPTests example, when decoded and re-encoded, then the bytes are unchanged")
    func ethereumTestsRandom() throws {
        let file = try #require(try Vectors.json("RLPTests_RandomRLPTests_example.json", in: .module).objectValue)
        #expect(file.count == 1)
        for (name, test) in file {
            #expect(test["in"]?.stringValue == "VALID")
            let bytes = try VectorValue.bytes(test["out"])
            let item = try RLPDecoder.decode(bytes)
            #expect(RLPEncoder.encode(item) == bytes, "\(name)")
            #expect(item == .list([.list([]), .list([.list([])]), .list([.list([]), .list([.list([])])])]))
        }
    }

    @Test("given every ethers v6 RLP case, when encoded and decoded, then both directions match")
    func ethersCases() throws {
        let cases = try VectorValue.array(try Vectors.json("ethers-v6-rlp.json.gz", in: .module))
        #expect(cases.count == 61)
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let item = try Self.item(fromEthers: try c.require("decoded"))
            let encoded = try VectorValue.bytes(c["encoded"])
            #expect(RLPEncoder.encode(item) == encoded, "\(name)")
            #expect(try RLPDecoder.decode(encoded) == item, "\(name)")
        }
    }

    @Test("given trailing bytes, a list where bytes are expected, or nesting past the limit, then typed errors follow")
    func structuralErrors() throws {
        #expect(throws: RLPError.trailingBytes(1)) { try RLPDecoder.decode([0x80, 0x80]) }
        #expect(throws: RLPError.truncated) { try RLPDecoder.decode([0xc2, 0x83, 0x61]) }
        // Lists nested one inside the next, deeper than the decoder allows.
        var item = RLPItem.list([])
        for _ in 0..<(RLPDecoder.maxDepth + 5) { item = .list([item]) }
        let nested = RLPEncoder.encode(item)
        #expect(throws: RLPError.tooDeep) { try RLPDecoder.decode(nested) }
        var shallow = RLPItem.list([])
        for _ in 0..<(RLPDecoder.maxDepth - 1) { shallow = .list([shallow]) }
        #expect(try RLPDecoder.decode(RLPEncoder.encode(shallow)) == shallow)
    }

    @Test("integers encode canonically: zero is the empty string and there are no leading zeros")
    func canonicalIntegers() {
        #expect(RLPEncoder.encode(.uint(BigUInt(0))) == [0x80])
        #expect(RLPEncoder.encode(.uint(UInt64(0x7f))) == [0x7f])
        #expect(RLPEncoder.encode(.uint(UInt64(0x80))) == [0x81, 0x80])
        #expect(RLPEncoder.encode(.uint(UInt64(0x0400))) == [0x82, 0x04, 0x00])
        #expect(RLPItem.bytes([1]).listValue == nil)
        #expect(RLPItem.list([]).bytesValue == nil)
    }
}
