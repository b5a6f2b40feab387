import BigInt
import EthereumKit
import Networking
import Testing

@Suite("RPCMapper reads Ethereum's hex encodings strictly where it matters, leniently where clients are")
struct RPCMapperTests {
    @Test("quantities: leading zeros tolerated, 256 bits at most", arguments: [
        ("0x0", BigUInt(0)),
        ("0x00", BigUInt(0)),
        ("0x1b4", BigUInt(436)),
        ("0x01b4", BigUInt(436)),
        ("0X1B4", BigUInt(436)),
        ("0x" + String(repeating: "f", count: 64), BigUInt(2).power(256) - 1),
        ("0x0000" + String(repeating: "f", count: 64), BigUInt(2).power(256) - 1),
    ])
    func quantities(text: String, value: BigUInt) throws {
        #expect(try RPCMapper.quantity(.string(text)) == value)
    }

    @Test("not quantities: decimal, bare hex, empty, non-hex, wider than 256 bits, numbers, null", arguments: [
        JSONValue.string("436"), .string("1b4"), .string("0x"), .string(""), .string("0x1g"), .string("0x-1"),
        .string("0x1" + String(repeating: "0", count: 64)), .number("436"), .null, .bool(true),
    ])
    func notQuantities(value: JSONValue) {
        #expect(throws: NetworkError.self) { try RPCMapper.quantity(value) }
    }

    @Test("data: even hex with 0x; empty 0x is empty")
    func data() throws {
        #expect(try RPCMapper.data(.string("0x")) == [])
        #expect(try RPCMapper.data(.string("0xDEADbeef")) == [0xde, 0xad, 0xbe, 0xef])
        for bad: JSONValue in [.string("0x123"), .string("dead"), .string("0xzz"), .number("1"), .null] {
            #expect(throws: NetworkError.self) { try RPCMapper.data(bad) }
        }
    }

    @Test("hashes are 32 bytes, addresses 20 in any case")
    func fixedSizes() throws {
        #expect(try RPCMapper.hash(.string(Hex.encode(Fixture.txHash))) == Fixture.txHash)
        #expect(throws: NetworkError.self) { try RPCMapper.hash(.string("0x1234")) }
        #expect(try RPCMapper.address(.string("0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266")) == Fixture.alice)
        // A node's casing is not a checksum claim: a wrongly mixed case is still the same bytes.
        #expect(try RPCMapper.address(.string("0xF39fd6e51aad88f6f4ce6ab8827279cfffb92266")) == Fixture.alice)
        #expect(throws: NetworkError.invalidResponse(#"expected 20 bytes of hex data for to, got "0x12""#)) {
            try RPCMapper.address(.string("0x12"), field: "to")
        }
    }

    @Test("optional values map null to nil")
    func optionals() throws {
        #expect(try RPCMapper.optional(.null) { v throws(NetworkError) in try RPCMapper.quantity(v) } == nil)
        #expect(try RPCMapper.optional(.string("0x2")) { v throws(NetworkError) in try RPCMapper.quantity(v) } == 2)
    }

    @Test("a long wrong answer is shown clipped in the message")
    func clippedPreview() {
        let long = JSONValue.string(String(repeating: "a", count: 500))
        let error = #expect(throws: NetworkError.self) { try RPCMapper.quantity(long) }
        #expect((error?.description.count ?? 0) < 200)
    }

    @Test("parameters encode as nodes expect")
    func params() {
        #expect(RPCParam.quantity(BigUInt(0)) == .string("0x0"))
        #expect(RPCParam.quantity(BigUInt(4096)) == .string("0x1000"))
        #expect(RPCParam.quantity(-5) == .string("0x0"))
        #expect(RPCParam.data([]) == .string("0x"))
        #expect(RPCParam.data([0x00, 0xff]) == .string("0x00ff"))
        #expect(RPCParam.address(Fixture.alice) == .string("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"))
        #expect(CallRequest().jsonValue == .object([]))
        #expect(CallRequest(to: Fixture.bob, gas: 21000, gasPrice: 1).jsonValue == .object([
            ("to", .string(Fixture.bob.lowercased)), ("gas", .string("0x5208")), ("gasPrice", .string("0x1")),
        ]))
    }

    @Test("fee history percentiles outside 0...100 are clamped")
    func percentiles() {
        let request = EthereumRemote.Requests.feeHistory(blockCount: 2, newest: .pending, rewardPercentiles: [-1, 12.5, 101, .nan])
        #expect(request.params[2] == .array([.number("0.0"), .number("12.5"), .number("100.0"), .number("0.0")]))
    }
}
