import TestSupport
import BigInt
import EthereumKit
import Testing

@Suite("Amounts")
struct AmountTests {
    @Test("amounts print exactly as the Heimdall seed shows")
    func heimdallStrings() {
        #expect(BigUInt(1_000_000).wei.description == "1000000 Wei")
        #expect(BigUInt(1_000_000).wei.descriptionAsEther == "0.0000 Ξ")
        #expect(BigInt(1).ether.description == "1.0000 Ξ")
        #expect(BigInt(1).ether.descriptionAsWei == "1000000000000000000 Wei")
        #expect(BigUInt(20).gwei.wei == BigUInt(20_000_000_000))
        #expect(BigInt(-5).ether.wei == 0)
        #expect(EtherAmount(wei: BigUInt("1234567890000000000", radix: 10)!).descriptionAsEther == "1.2345 Ξ")
        #expect(EtherAmount(wei: 0).descriptionAsEther == "0.0000 Ξ")
    }

    @Test("given what a user types, when parsed, then the wei value is exact", arguments: [
        ("1.5ether", "1500000000000000000"),
        ("20gwei", "20000000000"),
        ("100wei", "100"),
        ("0.000000001ether", "1000000000"),
        ("123", "123"),
        ("1.5 ETH", "1500000000000000000"),
        (" 2 Gwei ", "2000000000"),
        ("1_000wei", "1000"),
        (".5ether", "500000000000000000"),
        ("1.50000000000000000000ether", "1500000000000000000"),
        ("115792089237316195423570985008687907853269984665640564039457584007913129639935", "115792089237316195423570985008687907853269984665640564039457584007913129639935"),
    ])
    func parsing(input: String, wei: String) throws {
        #expect(try EtherAmount(parsing: input).wei == BigUInt(wei)!)
    }

    @Test("given invalid user input, when parsed, then the typed error says why")
    func parsingErrors() {
        #expect(throws: AmountError.tooManyDecimals(given: 1, allowed: 0)) { try EtherAmount(parsing: "1.5wei") }
        #expect(throws: AmountError.tooManyDecimals(given: 1, allowed: 0)) { try EtherAmount(parsing: "1.5") }
        #expect(throws: AmountError.tooManyDecimals(given: 10, allowed: 9)) { try EtherAmount(parsing: "0.0000000001gwei") }
        #expect(throws: AmountError.invalidNumber("abc")) { try EtherAmount(parsing: "abc") }
        #expect(throws: AmountError.invalidNumber("ether")) { try EtherAmount(parsing: "ether") }
        #expect(throws: AmountError.negative) { try EtherAmount(parsing: "-1") }
        #expect(throws: AmountError.negative) { try EtherAmount(parsing: "-1ether") }
        #expect(throws: AmountError.unknownUnit("foo")) { try EtherAmount(parsing: "1foo") }
        #expect(throws: AmountError.unknownUnit("ethers")) { try EtherAmount(parsing: "1ethers") }
        #expect(throws: AmountError.empty) { try EtherAmount(parsing: "") }
        #expect(throws: AmountError.empty) { try EtherAmount(parsing: "   ") }
        #expect(throws: AmountError.invalidNumber("1.2.3")) { try EtherAmount(parsing: "1.2.3ether") }
        #expect(throws: AmountError.invalidNumber(".")) { try EtherAmount(parsing: ".ether") }
    }

    @Test("an amount parsed in ether prints in ether, one parsed in wei prints in wei, and exact(in:) trims zeros")
    func preferredUnit() throws {
        #expect(try EtherAmount(parsing: "1.5ether").description == "1.5000 Ξ")
        #expect(try EtherAmount(parsing: "100").description == "100 Wei")
        #expect(try EtherAmount(parsing: "1.5ether").exact(in: .ether) == "1.5")
        #expect(try EtherAmount(parsing: "20gwei").exact(in: .gwei) == "20")
        #expect(try EtherAmount(parsing: "1wei").exact(in: .ether) == "0.000000000000000001")
        #expect(try EtherAmount(parsing: "1ether") == EtherAmount(parsing: "1000000000000000000"))
        #expect(try EtherAmount(parsing: "1ether") > EtherAmount(parsing: "999finney"))
    }

    @Test("token amounts with 6 and 0 decimals parse and print exactly")
    func tokenAmounts() throws {
        #expect(try TokenAmount(parsing: "12.5", decimals: 6).raw == 12_500_000)
        #expect(try TokenAmount(parsing: "0.000001", decimals: 6).raw == 1)
        #expect(TokenAmount(raw: 1_234_567, decimals: 6).description == "1.234567")
        #expect(TokenAmount(raw: 1_000_000, decimals: 6).description == "1")
        #expect(TokenAmount(raw: 1, decimals: 6).description == "0.000001")
        #expect(TokenAmount(raw: 0, decimals: 6).description == "0")
        #expect(throws: AmountError.tooManyDecimals(given: 7, allowed: 6)) { try TokenAmount(parsing: "0.0000001", decimals: 6) }

        #expect(try TokenAmount(parsing: "42", decimals: 0).raw == 42)
        #expect(TokenAmount(raw: 42, decimals: 0).description == "42")
        #expect(try TokenAmount(parsing: "42.000", decimals: 0).raw == 42)
        #expect(throws: AmountError.tooManyDecimals(given: 1, allowed: 0)) { try TokenAmount(parsing: "4.2", decimals: 0) }
        #expect(throws: AmountError.invalidNumber("4,2")) { try TokenAmount(parsing: "4,2", decimals: 0) }
    }

    @Test("decimal scaling round-trips exactly without floating point")
    func scalingRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let decimals = Int.random(in: 0...30, using: &rng)
            let value = BigUInt(rng.next()) * BigUInt(rng.next())
            let text = DecimalScaling.format(value, decimals: decimals)
            #expect(try DecimalScaling.parse(text, decimals: decimals) == value)
        }
    }
}
