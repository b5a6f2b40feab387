import BigInt
import EthereumKit
import SafeKit
import Testing

/// A look-alike hides as well in an array or a tuple of a contract call as in a transfer's recipient.
@Suite("Look-alike addresses anywhere in a call's arguments")
struct LookalikeArgumentTests {
    static let safe = try! Address("0x1cb6a2f37d5a39b5a3ae7e5b0c1dda4c0f3f0d17")
    static let treasury = try! Address("0x9e4c14403d7d9a8a782044e86a93cae09d7b2ac9")
    /// The treasury's first and last four hex digits around other bytes.
    static let twin = try! Address(bytes: Array(treasury.bytes.prefix(2)) + [UInt8](repeating: 0x3c, count: 16) + Array(treasury.bytes.suffix(2)))
    static let contract = try! Address("0x2a6f1e0b2b7e7c5d2e8a0a5d2f3bb5b0c6ca7e31")
    static let stranger = try! Address("0x4b0897b0513fdc7c541b6d9d7e929c4e5364d2db")

    static let check = SafeRiskCheck(safeNonce: 11, known: [treasury: "Treasury in the address book", safe: "this Safe"])

    /// The risks of calling `function` on `contract` with `values`, the contract's ABI given.
    static func risks(_ signature: String, _ values: [ABIValue]) throws -> [SafeRisk] {
        let function = try ContractFunction(signature: signature)
        let data = try function.signature.encodeCall(values)
        let tx = SafeTx(safe: safe, chainID: 10, version: .v1_3_0, to: contract, value: 0, data: data, nonce: 11)
        let call = CallDecoder(interfaces: [contract: [function]]).decode(tx)
        #expect(call.function != nil, "the call decodes with the ABI")
        return check.risks(of: tx, call: call)
    }

    @Test("a twin inside an address[] argument is critical")
    func inArray() throws {
        let risks = try Self.risks("airdrop(address[] holders, uint256 each)", [.array([.address(Self.stranger), .address(Self.twin)]), .uint(40)])
        #expect(risks.map(\.name) == ["lookalike-address"])
        #expect(risks.first?.severity == .critical)
        #expect(risks.first?.message.hasPrefix("\(Self.twin.checksummed) looks like \(Self.treasury.checksummed) (Treasury in the address book)") == true)
    }

    @Test("a twin inside a tuple argument, and inside an array of tuples, is critical")
    func inTuple() throws {
        let single = try Self.risks("settle((address payee, uint96 share) split)", [.tuple([.address(Self.twin), .uint(7)])])
        #expect(single.map(\.name) == ["lookalike-address"])
        let many = try Self.risks("settleAll((address,uint96)[] splits)",
                                  [.array([.tuple([.address(Self.stranger), .uint(1)]), .tuple([.address(Self.twin), .uint(2)])])])
        #expect(many.map(\.name) == ["lookalike-address"])
    }

    @Test("the real address in an array is no risk, and an argument lists every address it holds in order")
    func realAddress() throws {
        #expect(try Self.risks("airdrop(address[] holders, uint256 each)", [.array([.address(Self.treasury), .address(Self.stranger)]), .uint(40)]).isEmpty)
        let argument = DecodedCall.Argument(name: "splits", type: try ABIType(parsing: "(address,uint96)[]"),
                                            decoded: .array([.tuple([.address(Self.stranger), .uint(1)]), .tuple([.address(Self.twin), .uint(2)])]))
        #expect(argument.addresses == [Self.stranger, Self.twin])
    }
}
