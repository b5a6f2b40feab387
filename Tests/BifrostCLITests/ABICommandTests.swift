import Testing

@Suite("bifrost abi")
struct ABICommandTests {
    @Test("encode builds calldata for transfer(address,uint256) with units")
    func encodeTransfer() async {
        let r = await runCLI("abi", "encode", "transfer(address,uint256)", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "1ether")
        #expect(r.code == 0)
        #expect(r.stdout == "0xa9059cbb0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed0000000000000000000000000000000000000000000000000de0b6b3a7640000")
    }

    @Test("the Solidity spec's baz(uint32,bool) example, encoded then decoded")
    func specExampleRoundTrip() async {
        let calldata = "0xcdcd77c000000000000000000000000000000000000000000000000000000000000000450000000000000000000000000000000000000000000000000000000000000001"
        #expect(await runCLI("abi", "encode", "baz(uint32,bool)", "69", "true").stdout == calldata)
        let decoded = await runCLI("abi", "decode", "baz(uint32,bool)", calldata, "--json")
        #expect(decoded.stdout == #"{"types":["uint32","bool"],"values":["69",true]}"#)
    }

    @Test("nested arrays, tuples and quoted strings round-trip")
    func nested() async {
        let sig = "f(uint256[],(bool,string))"
        let encoded = await runCLI("abi", "encode", sig, "[1,2]", #"(true,"hi, there")"#)
        #expect(encoded.code == 0)
        let decoded = await runCLI("abi", "decode", sig, encoded.stdout)
        #expect(decoded.out == ["[1, 2]", #"(true, "hi, there")"#])
    }

    @Test("return data is decoded with output types")
    func returnData() async {
        let r = await runCLI("abi", "decode", "balanceOf(address)(uint256)", "0x0000000000000000000000000000000000000000000000000de0b6b3a7640000")
        #expect(r.stdout == "1000000000000000000")
    }

    @Test("bad input gives one-line errors")
    func errors() async {
        let count = await runCLI("abi", "encode", "transfer(address,uint256)", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        #expect(count.code == 1)
        #expect(count.err == ["error: expected 2 arguments, got 1"])
        let range = await runCLI("abi", "encode", "f(uint8)", "256")
        #expect(range.err == ["error: value does not fit in uint8"])
        let truncated = await runCLI("abi", "decode", "(uint256,uint256)", "0x00")
        #expect(truncated.err == ["error: ABI data ends too early"])
        let selector = await runCLI("abi", "decode", "transfer(address,uint256)", "0x12345678" + String(repeating: "00", count: 64))
        #expect(selector.code == 1)
        #expect(selector.err.first?.contains("does not match") == true)
        let sig = await runCLI("abi", "encode", "transfer(address,uint257)", "1", "2")
        #expect(sig.code == 1)
    }
}
