import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Safe setup calls: modules, guard, fallback handler")
struct SafeSetupCallsTests {
    static let a = try! Address("0x1000000000000000000000000000000000000001")
    static let b = try! Address("0x2000000000000000000000000000000000000002")
    static let c = try! Address("0x3000000000000000000000000000000000000003")
    static let safe = try! Address("0x9000000000000000000000000000000000000009")

    @Test("the previous module is the one listed before it; the first one's is the sentinel; one not listed is refused")
    func previousModule() throws {
        let modules = [Self.a, Self.b, Self.c]
        #expect(try SafeSetupCalls.previousModule(of: Self.a, in: modules) == SafeContract.sentinel)
        #expect(try SafeSetupCalls.previousModule(of: Self.b, in: modules) == Self.a)
        #expect(try SafeSetupCalls.previousModule(of: Self.c, in: modules) == Self.b)
        #expect(throws: SafeSetupError.moduleNotEnabled(Self.safe)) { try SafeSetupCalls.previousModule(of: Self.safe, in: modules) }
        #expect(throws: SafeSetupError.moduleNotEnabled(Self.a)) { try SafeSetupCalls.previousModule(of: Self.a, in: []) }
    }

    @Test("disableModule(prevModule, module) carries the previous module from the list")
    func disableModule() throws {
        let call = try SafeSetupCalls.disableModule(Self.c, modules: [Self.a, Self.b, Self.c])
        #expect(Hex.encode(call.prefix(4)) == "0xe009cfde")
        #expect(try FunctionSignature("disableModule(address,address)").decodeCall(call) == [.address(Self.b), .address(Self.c)])
        let first = try SafeSetupCalls.disableModule(Self.a, modules: [Self.a])
        #expect(try FunctionSignature("disableModule(address,address)").decodeCall(first) == [.address(SafeContract.sentinel), .address(Self.a)])
    }

    @Test("enableModule refuses what the Safe refuses (GS101, GS102) and the Safe itself")
    func enableModule() throws {
        #expect(try SafeSetupCalls.enableModule(Self.b, modules: [Self.a], safe: Self.safe) == SafeContract.enableModule(Self.b))
        #expect(throws: SafeSetupError.moduleAlreadyEnabled(Self.a)) { try SafeSetupCalls.enableModule(Self.a, modules: [Self.a], safe: Self.safe) }
        for bad in [Address.zero, SafeContract.sentinel, Self.safe] {
            #expect(throws: SafeSetupError.invalidModule(bad)) { try SafeSetupCalls.enableModule(bad, modules: [], safe: Self.safe) }
        }
    }

    @Test("setGuard and setFallbackHandler: the selectors, zero removes, the Safe itself is refused")
    func guardAndHandler() throws {
        let set = try SafeSetupCalls.setGuard(Self.a, safe: Self.safe)
        #expect(Hex.encode(set.prefix(4)) == "0xe19a9dd9")
        #expect(try FunctionSignature("setGuard(address)").decodeCall(try SafeSetupCalls.setGuard(.zero, safe: Self.safe)) == [.address(.zero)])
        let handler = try SafeSetupCalls.setFallbackHandler(Self.b, safe: Self.safe)
        #expect(Hex.encode(handler.prefix(4)) == "0xf08a0323")
        #expect(throws: SafeSetupError.selfReference(.guard)) { try SafeSetupCalls.setGuard(Self.safe, safe: Self.safe) }
        #expect(throws: SafeSetupError.selfReference(.fallbackHandler)) { try SafeSetupCalls.setFallbackHandler(Self.safe, safe: Self.safe) }
    }

    @Test("the guard interface ID is the XOR of checkTransaction's and checkAfterExecution's selectors, asked through ERC-165")
    func guardInterface() throws {
        let check = try FunctionSignature("checkTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes,address)").selector
        let after = try FunctionSignature("checkAfterExecution(bytes32,bool)").selector
        #expect(zip(check, after).map { $0 ^ $1 } == SafeSetupCalls.guardInterfaceID)
        #expect(Hex.encode(SafeSetupCalls.supportsInterface(SafeSetupCalls.guardInterfaceID)) == "0x01ffc9a7e6d7a83a" + String(repeating: "0", count: 56))
        var yes = [UInt8](repeating: 0, count: 32)
        yes[31] = 1
        #expect(SafeSetupCalls.saysYes(yes))
        var two = yes
        two[31] = 2
        #expect(!SafeSetupCalls.saysYes(two) && !SafeSetupCalls.saysYes([]) && !SafeSetupCalls.saysYes([1]))
        var high = yes
        high[0] = 1
        #expect(!SafeSetupCalls.saysYes(high))
    }
}

@Suite("Safe setup change: what must hold code, and what must be a guard")
struct SafeSetupChangeTests {
    @Test("a module to enable, a guard and a handler must be contracts; a removal or a disable needs nothing; only a guard is asked for its interface")
    func required() {
        let a = SafeSetupCallsTests.a
        #expect(SafeSetupChange.enableModule(a).contractRequired?.role == .module)
        #expect(SafeSetupChange.setGuard(a).contractRequired?.role == .guard && SafeSetupChange.setGuard(a).needsGuardInterface)
        #expect(SafeSetupChange.setFallbackHandler(a).contractRequired?.role == .fallbackHandler)
        #expect(!SafeSetupChange.setFallbackHandler(a).needsGuardInterface && !SafeSetupChange.enableModule(a).needsGuardInterface)
        #expect(SafeSetupChange.disableModule(a).contractRequired == nil)
        #expect(SafeSetupChange.setGuard(.zero).contractRequired == nil && !SafeSetupChange.setGuard(.zero).needsGuardInterface)
        #expect(SafeSetupChange.setFallbackHandler(.zero).contractRequired == nil)
        #expect(SafeSetupChange.setGuard(.zero).summary == "remove the transaction guard")
        #expect(SafeSetupChange.disableModule(a).summary == "disable module \(a.checksummed)")
    }
}

@Suite("An address that may be none")
struct AddressOrNoneTests {
    @Test("0x0 and 0 are the zero address (a removal); a full address reads as usual; anything else is refused")
    func read() throws {
        #expect(try InputText.addressOrNone("0x0") == .zero)
        #expect(try InputText.addressOrNone(" 0 ") == .zero)
        #expect(try InputText.addressOrNone("0X0") == .zero)
        #expect(try InputText.addressOrNone(SafeSetupCallsTests.a.checksummed) == SafeSetupCallsTests.a)
        #expect(throws: InputTextError.self) { try InputText.addressOrNone("0x01") }
        #expect(throws: InputTextError.self) { try InputText.addressOrNone("") }
    }
}
