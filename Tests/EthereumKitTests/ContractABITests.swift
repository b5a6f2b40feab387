import EthereumKit
import TestSupport
import Testing

@Suite("Contract ABIs: functions from JSON and from signatures, calls from text arguments")
struct ContractABITests {
    @Test("a tuple-and-array call from text arguments is byte-identical to eth_abi's, with a unit for the amount; it decodes back by name")
    func tupleAndArray() throws {
        let place = try ContractABI(json: ContractABIFixture.abi).function("place")
        #expect(place.canonical == "place((uint256,address,bytes),uint256[],string)")
        let data = try place.encodeCall(["(1.5ether, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0xc0ffee)", "[1,2,3]", "for Q4"])
        #expect(Hex.encode(data) == ContractABIFixture.placeCalldata)
        let decoded = try #require(place.decodeCall(data))
        #expect(decoded.map(\.label) == ["order", "ids", "note"])
        #expect(ABIValueFormatter.text(decoded[1].value) == "[1, 2, 3]")
        #expect(ABIValueFormatter.text(decoded[0].value) == "(1500000000000000000, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0xc0ffee)")
    }

    @Test("a signature's parameter names are kept; the selector is the canonical one's")
    func signatureNames() throws {
        let f = try ContractFunction(signature: "stake(uint256 amount, address to)")
        #expect(f.inputs.map(\.name) == ["amount", "to"])
        #expect(f.canonical == "stake(uint256,address)")
        #expect(f.selector == (try FunctionSignature("stake(uint256,address)")).selector)
        let nested = try ContractFunction(signature: "f((uint256,address)[] memory orders, bytes32)")
        #expect(nested.inputs.map(\.name) == ["orders", ""])
        #expect(nested.label(1) == "arg2")
    }

    @Test("an overloaded name must be given by signature; an unknown one lists what the ABI has; view functions are not offered to write")
    func lookup() throws {
        let abi = try ContractABI(json: ContractABIFixture.abi)
        #expect(throws: ContractABIError.ambiguous(name: "stake", overloads: ["stake(uint256)", "stake(uint256,address)"])) { try abi.function("stake") }
        #expect(try abi.function("stake(uint256, address)").inputs.count == 2)
        #expect(throws: ContractABIError.self) { try abi.function("unstake") }
        #expect(abi.functions.count == 4, "the event is not a function")
        #expect(abi.writeFunctions.map(\.name) == ["place", "stake", "stake"])
    }

    @Test("an artifact with the ABI under \"abi\", also as Etherscan's string, reads the same; the fragment round-trips with tuple components")
    func artifacts() throws {
        let plain = try ContractABI(json: ContractABIFixture.abi)
        let foundry = try ContractABI(json: #"{"abi":\#(ContractABIFixture.abi),"bytecode":{"object":"0x"}}"#)
        let etherscan = try ContractABI(JSONValue.object([("status", .string("1")), ("abi", .string(ContractABIFixture.abi))]))
        #expect(foundry == plain && etherscan == plain)
        #expect(try ContractABI(plain.json) == plain)
        #expect(plain.functions[0].fragment["inputs"]?.arrayValue?[0]["type"] == .string("tuple"))
    }

    @Test("bad arguments and bad ABIs are typed errors naming the argument", arguments: [
        (["(1, 0x01, 0x)", "[1]", "x"], "argument 1 (order, (uint256,address,bytes))"),
        (["(1, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0x)", "[1,-2]", "x"], "argument 2 (ids, uint256[])"),
        (["(1, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0x)", "[1]"], "takes 3 arguments, got 2"),
    ])
    func badArguments(_ arguments: [String], _ expected: String) throws {
        let place = try ContractABI(json: ContractABIFixture.abi).function("place")
        do {
            _ = try place.encodeCall(arguments)
            Issue.record("\(arguments) must be refused")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test("text that is not an ABI is refused with the reason", arguments: ["{\"functions\":[]}", "[{\"type\":\"function\",\"inputs\":[]}]",
                                                                           "[{\"type\":\"function\",\"name\":\"f\",\"inputs\":[{\"type\":\"uint7\"}]}]", "not json"])
    func badABI(_ text: String) {
        #expect(throws: ContractABIError.self) { try ContractABI(json: text) }
    }
}
