import BigInt
import EthereumKit
import SafeKit
import Testing

/// A known token's amounts read in its units, where a call's argument is one: the rule every
/// front end's review shows.
@Suite("Token amounts in their units")
struct TokenUnitTests {
    static let token = try! Address("0x1000000000000000000000000000000000000001")
    static let other = try! Address("0x4000000000000000000000000000000000000004")
    static let alice = try! Address("0x2000000000000000000000000000000000000002")
    static let bob = try! Address("0x3000000000000000000000000000000000000003")
    static let decoder = CallDecoder(tokens: [token: TokenUnit(symbol: "BTT", decimals: 18)])

    @Test("a transfer of a known token reads its amount in the token's units; the raw value stays the argument's value")
    func transfer() throws {
        let call = Self.decoder.decode(to: Self.token, value: 0, data: try ERC20.transfer(to: Self.alice, amount: BigUInt("12500000000000000000")), operation: .call)
        #expect(call.arguments[1].value == "12500000000000000000" && call.arguments[1].units == "12.5 BTT")
        #expect(call.arguments[0].units == nil, "the recipient is no amount")
    }

    @Test("approve and transferFrom read their amount too; the largest approval reads as unlimited")
    func approveAndTransferFrom() throws {
        let approve = try FunctionSignature("approve(address,uint256)").encodeCall([.address(Self.bob), .uint(BigUInt(1) << 256 - 1)])
        #expect(Self.decoder.decode(to: Self.token, value: 0, data: approve, operation: .call).arguments[1].units == "unlimited BTT")
        let from = try FunctionSignature("transferFrom(address,address,uint256)").encodeCall([.address(Self.alice), .address(Self.bob), .uint(1)])
        #expect(Self.decoder.decode(to: Self.token, value: 0, data: from, operation: .call).arguments[2].units == "0.000000000000000001 BTT")
    }

    @Test("a token the decoder does not know, and another function of a known one, keep raw integers")
    func unknown() throws {
        let elsewhere = Self.decoder.decode(to: Self.other, value: 0, data: try ERC20.transfer(to: Self.alice, amount: 5), operation: .call)
        #expect(elsewhere.arguments.allSatisfy { $0.units == nil })
        let threshold = Self.decoder.decode(to: Self.token, value: 0, data: try SafeContract.changeThreshold(2, ownerCount: 3), operation: .call)
        #expect(threshold.arguments.allSatisfy { $0.units == nil })
    }

    @Test("inside a MultiSend batch each inner transfer reads in its token's units")
    func batch() throws {
        let data = try MultiSend.multiSendCall([MultiSendCall(to: Self.token, data: try ERC20.transfer(to: Self.alice, amount: 3 * BigUInt(10).power(18)))])
        let call = Self.decoder.decode(to: SafeDeployments.multiSend, value: 0, data: data, operation: .delegateCall)
        #expect(call.calls.first?.arguments[1].units == "3 BTT")
    }

    @Test("a field's hint says what a bare number means in the token")
    func hint() {
        #expect(TokenUnit(symbol: "BTT", decimals: 18).baseUnitHint.contains("1 means 0.000000000000000001 BTT; write 12.5ether for 12.5 BTT"))
        #expect(TokenUnit(symbol: "USDC", decimals: 6).baseUnitHint.contains("1 USDC is 1000000"))
    }
}
