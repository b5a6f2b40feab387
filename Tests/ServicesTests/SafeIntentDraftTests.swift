import BigInt
import Services
import TestSupport
import Testing

@Suite("Safe intent drafts")
struct SafeIntentDraftTests {
    static let alice = "0x2000000000000000000000000000000000000002"
    static let bob = "0x3000000000000000000000000000000000000003"
    static func address(_ text: String) -> Address { try! Address(text) }

    @Test("every kind becomes its intent; amounts default to ether")
    func kinds() throws {
        var d = SafeIntentDraft(kind: .ether)
        d.recipient = " \(Self.alice) "
        d.amount = "0.25"
        #expect(try d.intent() == .call(to: Self.address(Self.alice), value: BigUInt(25) * BigUInt(10).power(16), data: [], operation: .call))
        d.amount = "20gwei"
        #expect(try d.intent() == .call(to: Self.address(Self.alice), value: BigUInt(20) * BigUInt(10).power(9), data: [], operation: .call))

        d.kind = .token
        d.token = Self.bob
        d.amount = "12.5"
        #expect(try d.intent() == .tokenTransfer(token: Self.address(Self.bob), to: Self.address(Self.alice), amount: "12.5"))

        var owner = SafeIntentDraft(kind: .addOwner)
        owner.owner = Self.bob
        #expect(try owner.intent() == .addOwner(Self.address(Self.bob), threshold: nil))
        owner.threshold = "2"
        #expect(try owner.intent() == .addOwner(Self.address(Self.bob), threshold: 2))
        owner.kind = .removeOwner
        #expect(try owner.intent() == .removeOwner(Self.address(Self.bob), threshold: 2))
        owner.kind = .swapOwner
        owner.newOwner = Self.alice
        #expect(try owner.intent() == .swapOwner(old: Self.address(Self.bob), new: Self.address(Self.alice)))
        owner.kind = .threshold
        #expect(try owner.intent() == .changeThreshold(2))

        var batch = SafeIntentDraft(kind: .batch)
        batch.batch = "\(Self.alice) 0.1\n\n\(Self.bob), 1wei\n"
        #expect(try batch.intent() == .batch([MultiSendCall(to: Self.address(Self.alice), value: BigUInt(10).power(17)),
                                              MultiSendCall(to: Self.address(Self.bob), value: 1)]))
    }

    @Test("a missing or bad field is named in a typed error")
    func errors() {
        #expect(throws: SafeIntentDraftError.missing("recipient")) { try SafeIntentDraft(kind: .ether).intent() }
        var d = SafeIntentDraft(kind: .ether)
        d.recipient = Self.alice
        #expect(throws: SafeIntentDraftError.missing("amount")) { try d.intent() }
        d.amount = "lots"
        #expect { try d.intent() } throws: { ($0 as? SafeIntentDraftError).map { if case .invalid("amount", _) = $0 { true } else { false } } ?? false }
        #expect(throws: SafeIntentDraftError.missing("threshold")) { try SafeIntentDraft(kind: .threshold).intent() }
        var t = SafeIntentDraft(kind: .threshold)
        t.threshold = "0"
        #expect(throws: SafeIntentDraftError.invalid("threshold", "a whole number of owners, 1 or more")) { try t.intent() }
        var b = SafeIntentDraft(kind: .batch)
        b.batch = "\(Self.alice) 0.1\n\(Self.bob)"
        #expect(throws: SafeIntentDraftError.invalid("batch", "line 2: write one transfer per line: ADDRESS AMOUNT")) { try b.intent() }
        b.batch = "  \n"
        #expect(throws: SafeIntentDraftError.missing("batch")) { try b.intent() }
        var sheet = SafeIntentDraft(kind: .sheet)
        sheet.sheet = "token,receiver,amount\n,\(Self.alice),0.1\n,0x12,1"
        #expect(throws: SafeIntentDraftError.invalid("sheet", "line 3: an address has 20 bytes (40 hex digits), got 2 hex digits")) { try sheet.intent() }
        sheet.sheet = "\n"
        #expect(throws: SafeIntentDraftError.missing("sheet")) { try sheet.intent() }
        #expect(Set(SafeIntentDraft.Kind.allCases.map(\.rawValue)).count == 10)
    }

    @Test("a contract call: the ABI's callable functions, the first by default, typed arguments; a bad ABI, function or argument is named")
    func contractCall() throws {
        var d = SafeIntentDraft(kind: .contract)
        d.recipient = Self.alice
        d.abi = ContractABIFixture.abi
        #expect(d.contractFunctions.map(\.canonical) == ["place((uint256,address,bytes),uint256[],string)", "stake(uint256)", "stake(uint256,address)"])
        #expect(d.chosenFunction?.name == "place")
        d.arguments = ["(1.5ether, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0xc0ffee)", "[1,2,3]", "for Q4"]
        guard case .contractCall(let call) = try d.intent() else { Issue.record("a contract call"); return }
        #expect(Hex.encode(call.data) == ContractABIFixture.placeCalldata && call.value == 0 && call.to == Self.address(Self.alice))
        d.function = "stake(uint256,address)"
        d.arguments = ["2", Self.bob]
        d.amount = "0.5"
        guard case .contractCall(let stake) = try d.intent() else { Issue.record("a contract call"); return }
        #expect(stake.function.canonical == "stake(uint256,address)" && stake.value == BigUInt(5) * BigUInt(10).power(17))
        d.arguments = ["2", "0x12"]
        #expect(throws: SafeIntentDraftError.self) { try d.intent() }
        d.function = "unstake()"
        #expect(throws: SafeIntentDraftError.invalid("function", "the ABI has no function unstake(); it has place((uint256,address,bytes),uint256[],string), stake(uint256), stake(uint256,address), balanceOf(address)")) { try d.intent() }
        d.abi = "not json"
        #expect(d.contractFunctions.isEmpty)
        #expect(throws: SafeIntentDraftError.self) { try d.intent() }
        d.abi = ""
        #expect(throws: SafeIntentDraftError.missing("ABI")) { try d.intent() }
    }
}
