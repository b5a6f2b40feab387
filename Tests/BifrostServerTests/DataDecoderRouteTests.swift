import BifrostServer
import BigInt
import Foundation
import SafeKit
import Services
import Testing

@Suite("bifrost serve: POST /api/v1/data-decoder/, in the official dataDecoded shape")
struct DataDecoderRouteTests {
    static let alice = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let token = try! Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")

    @Test("an ERC-20 transfer: the method and its named, typed parameters, the amount as a decimal string")
    func transfer() async throws {
        let server = try await ServerHarness.make()
        defer { server.remove() }
        let data = try ERC20.transfer(to: Self.alice, amount: 1_500)
        let answer = try await server.send(.post, "/api/v1/data-decoder/", #"{"data": "\#(Hex.encode(data))", "to": "\#(Self.token.checksummed)"}"#)
        #expect(answer.status == 200)
        #expect(answer.json == .object([("method", .string("transfer")), ("parameters", .array([
            .object([("name", .string("to")), ("type", .string("address")), ("value", .string(Self.alice.checksummed))]),
            .object([("name", .string("value")), ("type", .string("uint256")), ("value", .string("1500"))]),
        ]))]), "\(answer.json)")
    }

    @Test("a MultiSend batch: the packed bytes, and each inner call under valueDecoded with its own dataDecoded")
    func batch() async throws {
        let server = try await ServerHarness.make()
        defer { server.remove() }
        let inner = [MultiSendCall(to: Self.alice, value: 7), MultiSendCall(to: Self.token, data: try ERC20.transfer(to: Self.alice, amount: 2))]
        let data = try MultiSend.multiSendCall(inner)
        let answer = try await server.send(.post, "/api/v1/data-decoder", #"{"data": "\#(Hex.encode(data))"}"#)
        #expect(answer.status == 200 && answer.json["method"] == .string("multiSend"))
        let parameter = try #require(answer.json["parameters"]?.arrayValue?.first)
        #expect(parameter["name"] == .string("transactions") && parameter["type"] == .string("bytes"))
        #expect(parameter["value"] == .string(Hex.encode(try MultiSend.pack(inner))))
        let decoded = try #require(parameter["valueDecoded"]?.arrayValue)
        #expect(decoded.count == 2)
        #expect(decoded[0]["to"] == .string(Self.alice.checksummed) && decoded[0]["value"] == .string("7") && decoded[0]["data"] == .null
                && decoded[0]["dataDecoded"] == .null && decoded[0]["operation"] == .number("0"))
        #expect(decoded[1]["dataDecoded"]?["method"] == .string("transfer"))
    }

    @Test("an unknown selector is a 404 as the official service answers; data that is not calldata is a 400 naming the field")
    func refused() async throws {
        let server = try await ServerHarness.make()
        defer { server.remove() }
        let unknown = try await server.send(.post, "/api/v1/data-decoder/", #"{"data": "0xdeadbeef00"}"#)
        #expect(unknown.status == 404 && unknown.json["detail"] == .string("Cannot find function selector to decode data"))
        for body in [#"{"data": "0x12"}"#, #"{"data": "zz"}"#, #"{}"#, "not json"] {
            let answer = try await server.send(.post, "/api/v1/data-decoder/", body)
            #expect((400..<500).contains(answer.status), "\(body): \(answer.status)")
        }
    }
}
