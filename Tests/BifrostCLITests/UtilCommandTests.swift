import Testing

@Suite("bifrost util")
struct UtilCommandTests {
    @Test("keccak of text and of hex")
    func keccak() async {
        let text = await runCLI("util", "keccak", "--text", "transfer(address,uint256)")
        #expect(text.code == 0)
        #expect(text.stdout == "0xa9059cbb2ab09eb219583f4a59a5d0623ade346d962bcd4e46b11da047c9049b")
        let empty = await runCLI("util", "keccak", "0x")
        #expect(empty.stdout == "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
        let json = await runCLI("util", "keccak", "deadbeef", "--json")
        #expect(json.stdout == #"{"hash":"0xd4fd4e189132273036449fc9e11198c739161b4c0116a9a2dccdfa1c492006f1"}"#)
    }

    @Test("keccak without input is a usage error on one line")
    func keccakUsage() async {
        let r = await runCLI("util", "keccak")
        #expect(r.code == 64)
        #expect(r.err.count == 1)
        #expect(r.out.isEmpty)
    }

    @Test("checksum prints the EIP-55 form and rejects a wrong checksum with exit 1")
    func checksum() async {
        let ok = await runCLI("util", "checksum", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")
        #expect(ok.stdout == "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        let bad = await runCLI("util", "checksum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")
        #expect(bad.code == 1)
        #expect(bad.err == ["error: ADDRESS: address checksum mismatch (EIP-55); did you mean 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?"])
        let short = await runCLI("util", "checksum", "0x1234")
        #expect(short.code == 1)
        #expect(short.err.first?.hasPrefix("error: ADDRESS: an address has 20 bytes") == true)
    }

    @Test("to-wei and from-wei are exact")
    func units() async {
        #expect(await runCLI("util", "to-wei", "1.5ether").stdout == "1500000000000000000")
        #expect(await runCLI("util", "to-wei", "20gwei").stdout == "20000000000")
        #expect(await runCLI("util", "to-wei", "100wei").stdout == "100")
        #expect(await runCLI("util", "to-wei", "0.000000001ether").stdout == "1000000000")
        #expect(await runCLI("util", "from-wei", "1500000000000000000").stdout == "1.5")
        #expect(await runCLI("util", "from-wei", "1", "--unit", "gwei").stdout == "0.000000001")
        #expect(await runCLI("util", "from-wei", "20000000000", "--unit", "gwei", "--json").stdout == #"{"value":"20","unit":"gwei"}"#)
        let bad = await runCLI("util", "to-wei", "1.5wei")
        #expect(bad.code == 1)
        #expect(bad.err == ["error: AMOUNT: too many decimal places: 1 given, the unit allows 0"])
        #expect(await runCLI("util", "to-wei", "2 bananas").code == 1)
    }
}
