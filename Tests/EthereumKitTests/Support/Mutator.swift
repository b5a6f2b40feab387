import TestSupport
import EthereumKit

/// Seeded mutations of byte strings and JSON documents for the fuzz tests.
struct Mutator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ oneIn: Int) -> Bool { int(1...oneIn) == 1 }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) } }

    /// Byte values that sit on RLP, ABI and JSON boundaries.
    static let interesting: [UInt8] = [0x00, 0x01, 0x20, 0x22, 0x2c, 0x3a, 0x5b, 0x5c, 0x5d, 0x7b, 0x7d, 0x7f, 0x80, 0x81,
                                       0xb7, 0xb8, 0xb9, 0xbf, 0xc0, 0xc1, 0xf7, 0xf8, 0xf9, 0xff]

    /// One to four random edits: bit flips, boundary bytes, inserts, deletes, truncation,
    /// duplicated slices, appended noise, and 32-byte words overwritten with offset-like values.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var b = input
        for _ in 0..<int(1...4) {
            switch int(0...8) {
            case 0 where !b.isEmpty:
                let i = int(0...(b.count - 1))
                b[i] ^= 1 << UInt8(int(0...7))
            case 1 where !b.isEmpty:
                b[int(0...(b.count - 1))] = pick(Self.interesting)
            case 2:
                b.insert(chance(2) ? pick(Self.interesting) : UInt8(int(0...255)), at: int(0...b.count))
            case 3 where !b.isEmpty:
                b.remove(at: int(0...(b.count - 1)))
            case 4 where !b.isEmpty:
                b.removeLast(int(0...b.count))
            case 5 where !b.isEmpty:
                let start = int(0...(b.count - 1))
                let end = int(start...min(b.count, start + 64))
                b.insert(contentsOf: Array(b[start..<end]), at: int(0...b.count))
            case 6:
                b += bytes(int(1...40))
            case 7 where b.count >= 32:
                // Overwrite an aligned word with something that looks like an offset or a length.
                let w = int(0...(b.count / 32 - 1)) * 32
                let value: UInt64 = pick([0, 1, 0x20, 0x40, UInt64(b.count), UInt64(b.count + 32), UInt64.max, UInt64(int(0...4096))])
                var word = [UInt8](repeating: 0, count: 24) + (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
                if chance(8) { word[0] = 0x01 }
                b.replaceSubrange(w..<w + 32, with: word)
            default:
                if !b.isEmpty { b[int(0...(b.count - 1))] = UInt8(int(0...255)) }
            }
        }
        return b
    }

    /// A random RLP item, nested at most `depth` deep.
    mutating func rlpItem(depth: Int) -> RLPItem {
        if depth == 0 || chance(2) {
            switch int(0...4) {
            case 0: return .bytes([])
            case 1: return .bytes([UInt8(int(0...255))])
            case 2: return .bytes(bytes(int(2...55)))
            case 3: return .bytes(bytes(int(56...300)))
            default: return .bytes(bytes(int(0...32)))
            }
        }
        return .list((0..<int(0...6)).map { _ in rlpItem(depth: depth - 1) })
    }

    /// A random JSON value of the kinds typed data meets.
    mutating func jsonLeaf() -> JSONValue {
        pick([
            .number("0"), .number("-1"), .number("1e3"), .number("1.5"), .number("1e-3"), .number("1e999"),
            .number("115792089237316195423570985008687907853269984665640564039457584007913129639936"),
            .string("0x"), .string("0x1"), .string("0xzz"), .string("-0x80"), .string(""), .string("true"),
            .string("0x" + String(repeating: "ab", count: 20)), .string("0x" + String(repeating: "ff", count: 33)),
            .string("0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"), .string("0xcd2A3d9F938E13CD947Ec05AbC7FE734Df8DD826"),
            .bool(true), .null, .array([]), .object([]), .array([.number("1"), .string("x")]),
        ])
    }

    /// Type names that stress the EIP-712 encoder.
    static let typeNames = ["uint256", "int8", "uint8", "bytes", "bytes1", "bytes32", "bytes33", "string", "address", "bool",
                            "Person", "Mail", "Person[]", "Mail[2]", "uint256[2]", "uint256[][]", "X", "", "[]", "uint256[",
                            "Node[][]", "EIP712Domain", "function", "tuple(uint256)", "uint256[99999999999]"]

    /// Replaces, deletes or retypes one node somewhere in `value`.
    mutating func mutate(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        if depth > 12 || chance(6) { return jsonLeaf() }
        switch value {
        case .array(var items):
            if items.isEmpty || chance(8) { items.append(jsonLeaf()); return .array(items) }
            let i = int(0...(items.count - 1))
            if chance(6) { items.remove(at: i) } else if chance(6) { items.append(items[i]) } else { items[i] = mutate(items[i], depth: depth + 1) }
            return .array(items)
        case .object(var members):
            if members.isEmpty { return .object([("type", .string(pick(Self.typeNames)))]) }
            let i = int(0...(members.count - 1))
            if members[i].key == "type", chance(2) {
                members[i].value = .string(pick(Self.typeNames))
            } else if chance(8) {
                members.remove(at: i)
            } else if chance(8) {
                members.append((members[i].key, jsonLeaf()))
            } else {
                members[i].value = mutate(members[i].value, depth: depth + 1)
            }
            return .object(members)
        case .string where chance(2):
            return .string(pick(Self.typeNames))
        default:
            return jsonLeaf()
        }
    }
}
