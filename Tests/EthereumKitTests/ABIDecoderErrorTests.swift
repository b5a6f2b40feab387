import BigInt
import EthereumKit
import Foundation
import Testing

@Suite("ABI: typed errors for bad input")
struct ABIDecoderErrorTests {
    static func word(_ v: UInt64) -> [UInt8] { [UInt8](repeating: 0, count: 24) + (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
    static func word(hex: String) -> [UInt8] {
        let b = try! Hex.decode(hex)
        return [UInt8](repeating: 0, count: 32 - b.count) + b
    }

    @Test("given data shorter than the head, when decoded, then truncated is thrown")
    func truncated() {
        #expect(throws: ABIError.truncated) { try ABIDecoder.decode(.uint(bits: 256), from: [UInt8](repeating: 0, count: 31)) }
        #expect(throws: ABIError.truncated) { try ABIDecoder.decode([.address, .bool], from: Self.word(1)) }
        #expect(throws: ABIError.truncated) { try ABIDecoder.decode(.string, from: []) }
        #expect(throws: ABIError.truncated) { try FunctionSignature("f()").decodeCall([0x26, 0x12]) }
    }

    @Test("given offsets or lengths that point outside the data, when decoded, then offsetOutOfBounds is thrown")
    func offsetsOutOfBounds() {
        // bytes whose offset points past the end.
        #expect(throws: ABIError.offsetOutOfBounds) { try ABIDecoder.decode(.bytes, from: Self.word(0x1000) + Self.word(0)) }
        // bytes whose length runs past the end.
        #expect(throws: ABIError.offsetOutOfBounds) { try ABIDecoder.decode(.bytes, from: Self.word(0x20) + Self.word(0x41) + Self.word(0)) }
        // An offset with high bits set must not wrap around.
        #expect(throws: ABIError.offsetOutOfBounds) {
            try ABIDecoder.decode(.string, from: Self.word(hex: "0x0100000000000000000000000000000000000000000000000000000000000020") + Self.word(0))
        }
        // A string offset pointing at the last partial word.
        #expect(throws: ABIError.truncated) { try ABIDecoder.decode(.string, from: Self.word(0x20) + [0, 0, 0]) }
    }

    @Test("given an array that claims more elements than its data can hold, when decoded, then tooLarge is thrown without allocating them")
    func hugeArrayCount() {
        #expect(throws: ABIError.tooLarge) { try ABIDecoder.decode(.array(.uint(bits: 256)), from: Self.word(0x20) + Self.word(0x40) + Self.word(1)) }
        #expect(throws: ABIError.self) {
            try ABIDecoder.decode(.array(.uint(bits: 256)), from: Self.word(0x20) + Self.word(hex: "0xffffffffffffffff"))
        }
    }

    @Test("given offsets that make every element share the same data, when decoded, then tooLarge is thrown before the values multiply")
    func inflationBomb() {
        // uint256[][][][]: three levels whose 64 element offsets all point at one next level,
        // then 64 numbers: 8 KB of data that would decode into 64⁴ ≈ 16.7 million values.
        let n = 64
        var data = Self.word(0x20)
        for _ in 0..<3 {
            data += Self.word(UInt64(n))
            for _ in 0..<n { data += Self.word(UInt64(n * 32)) }
        }
        data += Self.word(UInt64(n))
        for i in 0..<n { data += Self.word(UInt64(i)) }
        let type = ABIType.array(.array(.array(.array(.uint(bits: 256)))))
        #expect(throws: ABIError.tooLarge) { try ABIDecoder.decode(type, from: data) }

        // The same for one string that every element of a string[] points at.
        let m = 256
        var strings = Self.word(0x20) + Self.word(UInt64(m))
        for _ in 0..<m { strings += Self.word(UInt64(m * 32)) }
        strings += Self.word(4096) + [UInt8](repeating: 0x61, count: 4096)
        #expect(throws: ABIError.tooLarge) { try ABIDecoder.decode(.array(.string), from: strings) }
    }

    @Test("given values with dirty high bits or padding, when decoded, then dirtyPadding or invalidBool is thrown")
    func dirtyPadding() {
        #expect(throws: ABIError.dirtyPadding(type: "address")) {
            try ABIDecoder.decode(.address, from: Self.word(hex: "0x01" + String(repeating: "00", count: 11) + String(repeating: "ab", count: 20)))
        }
        #expect(throws: ABIError.dirtyPadding(type: "uint8")) { try ABIDecoder.decode(.uint(bits: 8), from: Self.word(0x100)) }
        #expect(throws: ABIError.dirtyPadding(type: "int8")) { try ABIDecoder.decode(.int(bits: 8), from: Self.word(0x80)) }
        #expect(throws: ABIError.dirtyPadding(type: "int8")) {
            try ABIDecoder.decode(.int(bits: 8), from: Self.word(hex: "0x" + String(repeating: "ff", count: 30) + "007f"))
        }
        #expect(throws: ABIError.dirtyPadding(type: "bytes4")) {
            try ABIDecoder.decode(.fixedBytes(4), from: Self.word(hex: "0x" + "deadbeef" + String(repeating: "00", count: 27) + "01"))
        }
        #expect(throws: ABIError.invalidBool) { try ABIDecoder.decode(.bool, from: Self.word(2)) }
        #expect(throws: ABIError.invalidUTF8) { try ABIDecoder.decode(.string, from: Self.word(0x20) + Self.word(2) + [0xc3, 0x28] + [UInt8](repeating: 0, count: 30)) }
    }

    @Test("given well-formed edge values, when decoded, then sign extension and bounds are exact")
    func edgeValues() throws {
        #expect(try ABIDecoder.decode(.int(bits: 8), from: Self.word(hex: "0x" + String(repeating: "ff", count: 31) + "80")) == .int(-128))
        #expect(try ABIDecoder.decode(.int(bits: 256), from: Self.word(hex: "0x" + String(repeating: "ff", count: 32))) == .int(-1))
        #expect(try ABIDecoder.decode(.uint(bits: 8), from: Self.word(0xff)) == .uint(255))
        #expect(try ABIDecoder.decode(.fixedArray(.uint(bits: 8), 0), from: []) == .array([]))
        #expect(try ABIDecoder.decode(.tuple([]), from: []) == .tuple([]))
    }

    @Test("given values that do not fit their types, when encoded, then typed errors are thrown")
    func encoderErrors() {
        #expect(throws: ABIError.valueOutOfRange(type: "uint8")) { try ABIEncoder.encode(.uint(bits: 8), .uint(256)) }
        #expect(throws: ABIError.valueOutOfRange(type: "int8")) { try ABIEncoder.encode(.int(bits: 8), .int(128)) }
        #expect(throws: ABIError.valueOutOfRange(type: "int8")) { try ABIEncoder.encode(.int(bits: 8), .int(-129)) }
        #expect(throws: ABIError.wrongLength(type: "bytes3", expected: 3, got: 2)) { try ABIEncoder.encode(.fixedBytes(3), .bytes([1, 2])) }
        #expect(throws: ABIError.wrongLength(type: "uint256[2]", expected: 2, got: 1)) {
            try ABIEncoder.encode(.fixedArray(.uint(bits: 256), 2), .array([.uint(1)]))
        }
        #expect(throws: ABIError.typeMismatch(expected: "address", got: "a string")) { try ABIEncoder.encode(.address, .string("0x00")) }
        #expect(throws: ABIError.argumentCount(expected: 2, got: 1)) { try ABIEncoder.encode([.bool, .bool], [.bool(true)]) }
        #expect(throws: ABIError.selectorMismatch(expected: "0xa9059cbb", got: "0x00000000")) {
            try FunctionSignature("transfer(address,uint256)").decodeCall([0, 0, 0, 0] + Self.word(0) + Self.word(0))
        }
    }
}
