import BigInt
import EthereumKit
import Networking
import Testing

/// `eth_simulateV1` as geth answers it: one block per block state call, each call's status,
/// return data, gas and logs; a failed call is that call's failure, a wrong shape a typed error.
@Suite("eth_simulateV1's answer is read call by call")
struct SimulatedCallTests {
    static let token = "0x3333333333333333333333333333333333333333"
    static let topic = "0x" + String(repeating: "ab", count: 32)

    static func answer(_ calls: String) throws -> JSONValue {
        try JSONParser.parse("""
            [{"number":"0x10","hash":"0x\(String(repeating: "0", count: 64))","timestamp":"0x1","gasLimit":"0x1c9c380","gasUsed":"0x5208",
              "baseFeePerGas":"0x0","calls":\(calls)}]
            """)
    }

    @Test("a success with its logs, and a revert with the node's message and no logs")
    func reads() throws {
        let calls = try RPCMapper.simulatedCalls(try Self.answer("""
            [{"status":"0x1","returnData":"0x01","gasUsed":"0x5208",
              "logs":[{"address":"\(Self.token)","topics":["\(Self.topic)"],"data":"0x0102","blockNumber":"0x10","logIndex":"0x0"}]},
             {"status":"0x0","returnData":"0x","gasUsed":"0x6000","logs":[],
              "error":{"code":3,"message":"execution reverted: GS013","data":"0x08c379a0"}}]
            """))
        #expect(calls.count == 2)
        #expect(calls[0] == SimulatedCall(succeeded: true, returnData: [1], gasUsed: 21000,
                                           logs: [Log(address: try Address(Self.token), topics: [try [UInt8](hex: Self.topic)], data: [1, 2],
                                                      blockNumber: 16, logIndex: 0)]))
        #expect(!calls[1].succeeded && calls[1].logs.isEmpty && calls[1].error == "execution reverted: GS013")
    }

    @Test("wrong shapes are typed errors naming the field", arguments: [
        "[]", "{}", "[{\"calls\":{}}]", "[{\"calls\":[{\"returnData\":\"0x\",\"gasUsed\":\"0x0\"}]}]",
        "[{\"calls\":[{\"status\":\"0x1\",\"returnData\":\"0xzz\",\"gasUsed\":\"0x0\"}]}]",
        "[{\"calls\":[{\"status\":\"0x1\",\"returnData\":\"0x\",\"gasUsed\":\"0x0\",\"logs\":[{\"address\":\"0x12\",\"topics\":[],\"data\":\"0x\"}]}]}]",
    ])
    func wrongShapes(text: String) throws {
        let value = try JSONParser.parse(text)
        #expect(throws: NetworkError.self) { try RPCMapper.simulatedCalls(value) }
    }

    @Test("the request carries the overrides and the calls in one block state call")
    func request() throws {
        let target = try Address(Self.token)
        let request = EthereumRemote.Requests.simulate([CallRequest(from: target, to: target, data: [0xaa])], at: .number(5),
                                                        overriding: StateOverride([target: .init(storage: [4: 1])]))
        #expect(request.method == "eth_simulateV1")
        #expect(JSONWriter.write(.array(request.params)) == """
            [{"blockStateCalls":[{"stateOverrides":{"\(Self.token)":{"stateDiff":{"0x\(String(repeating: "0", count: 63))4":"0x\(String(repeating: "0", count: 63))1"}}},\
            "calls":[{"from":"\(Self.token)","to":"\(Self.token)","data":"0xaa"}]}]},"0x5"]
            """)
    }
}
