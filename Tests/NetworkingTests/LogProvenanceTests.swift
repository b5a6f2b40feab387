import BigInt
import EthereumKit
import Networking
import Testing

/// Issue 38, finding 1: a log is a fact only about the contract that logged it, and only while
/// the node has not taken it back in a reorganisation.
@Suite("A log counts as a fact of its emitter, not removed")
struct LogProvenanceTests {
    static let safe = try! Address("0x00000000000000000000000000000000005afe01")
    static let stranger = try! Address("0x0000000000000000000000000000000000bad002")

    static func json(address: Address, removed: JSONValue?) -> JSONValue {
        var members: [(String, JSONValue)] = [("address", .string(address.checksummed)), ("topics", .array([])), ("data", .string("0x"))]
        if let removed { members.append(("removed", removed)) }
        return .object(members.map { (key: $0.0, value: $0.1) })
    }

    @Test("removed reads as the node says; absent or null as false; anything else is refused")
    func removedFlag() throws {
        #expect(try RPCMapper.log(Self.json(address: Self.safe, removed: .bool(true))).removed)
        #expect(try !RPCMapper.log(Self.json(address: Self.safe, removed: .bool(false))).removed)
        #expect(try !RPCMapper.log(Self.json(address: Self.safe, removed: nil)).removed)
        #expect(try !RPCMapper.log(Self.json(address: Self.safe, removed: .null)).removed)
        #expect(throws: NetworkError.self) { try RPCMapper.log(Self.json(address: Self.safe, removed: .string("yes"))) }
    }

    @Test("a log counts only from an emitter asked about, and only while not removed")
    func isFact() throws {
        let own = try RPCMapper.log(Self.json(address: Self.safe, removed: .bool(false)))
        let taken = try RPCMapper.log(Self.json(address: Self.safe, removed: .bool(true)))
        let other = try RPCMapper.log(Self.json(address: Self.stranger, removed: nil))
        #expect(own.isFact(from: [Self.safe]) && !taken.isFact(from: [Self.safe]) && !other.isFact(from: [Self.safe]))
        // Any emitter, for token transfers, but never a removed log
        #expect(other.isFact(from: nil) && !taken.isFact(from: nil))
    }
}
