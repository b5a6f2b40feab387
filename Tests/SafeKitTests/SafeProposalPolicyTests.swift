import BigInt
import EthereumKit
import SafeKit
import Testing

/// What a co-signing server refuses to take as a proposal, and what its operator's allowances let through.
@Suite("The proposal policy: untrusted delegatecalls and takeovers")
struct SafeProposalPolicyTests {
    static let safe = try! Address("0x00000000000000000000000000000000000000aa")
    static let owners = SafeStateChangeTests.owners
    static let stranger = try! Address("0x00000000000000000000000000000000000000bb")
    static let decoder = CallDecoder()

    static func tx(to: Address, data: [UInt8] = [], operation: SafeOperation = .call, gasPrice: BigUInt = 0,
                   refundReceiver: Address = .zero) -> SafeTx {
        SafeTx(safe: safe, chainID: 1, version: .v1_4_1, to: to, value: 0, data: data, operation: operation, gasPrice: gasPrice,
               refundReceiver: refundReceiver, nonce: 0)
    }

    static func breaches(_ tx: SafeTx, _ policy: SafeProposalPolicy = .strict, before: [UInt8]? = nil, after: [UInt8]? = nil)
        -> [SafeProposalPolicy.Breach] {
        policy.breaches(of: tx, call: decoder.decode(tx), before: before.flatMap(SafeStateSnapshot.init(probeAnswer:)),
                        after: after.flatMap(SafeStateSnapshot.init(probeAnswer:)), owners: owners)
    }

    @Test("a delegatecall to an unknown contract is refused, named, also inside a batch; the official MultiSend is not; an allowed address passes")
    func delegatecalls() throws {
        #expect(Self.breaches(Self.tx(to: Self.stranger, operation: .delegateCall)) == [.untrustedDelegateCall(Self.stranger)])
        let batch = try MultiSend.multiSendCall([MultiSendCall(to: Self.owners[0], value: 1), MultiSendCall(operation: .delegateCall, to: Self.stranger)])
        #expect(Self.breaches(Self.tx(to: SafeDeployments.multiSend, data: batch, operation: .delegateCall)) == [.untrustedDelegateCall(Self.stranger)])
        let plain = try MultiSend.multiSendCall([MultiSendCall(to: Self.owners[0], value: 1)])
        #expect(Self.breaches(Self.tx(to: SafeDeployments.multiSend, data: plain, operation: .delegateCall)).isEmpty)
        #expect(Self.breaches(Self.tx(to: Self.stranger, operation: .delegateCall), SafeProposalPolicy(allowedDelegates: [Self.stranger])).isEmpty)
        #expect(Self.breaches(Self.tx(to: SafeDeployments.safeToL2Migration, operation: .delegateCall)).isEmpty,
                "the official SafeToL2Migration is a trusted target")
        #expect(SafeProposalPolicy.Breach.untrustedDelegateCall(Self.stranger).description.hasPrefix("Operation DELEGATE_CALL is not allowed"),
                "the official service's words, which clients match")
    }

    @Test("from the after-state: a new singleton, an added module, a guard set are refused; a module or guard removed is not")
    func afterState() {
        let before = SafeStateChangeTests.answer(modules: [Self.owners[2]])
        let call = Self.tx(to: Self.owners[0])
        #expect(Self.breaches(call, before: before, after: SafeStateChangeTests.answer(singleton: Self.stranger, modules: [Self.owners[2]]))
            == [.singletonChange(to: Self.stranger)])
        #expect(Self.breaches(call, before: before, after: SafeStateChangeTests.answer(modules: [Self.stranger, Self.owners[2]]))
            == [.moduleEnabled(Self.stranger)])
        #expect(Self.breaches(call, before: before, after: SafeStateChangeTests.answer(guardAddress: Self.stranger, modules: [Self.owners[2]]))
            == [.guardSet(Self.stranger)])
        #expect(Self.breaches(call, before: before, after: SafeStateChangeTests.answer()).isEmpty, "a module disabled")
        #expect(Self.breaches(call, SafeProposalPolicy(allowances: [.singleton]), before: before,
                              after: SafeStateChangeTests.answer(singleton: Self.stranger, modules: [Self.owners[2]])).isEmpty)
    }

    @Test("without an after-state, the Safe's calls to itself stand in: enableModule, setGuard, changeMasterCopy")
    func selfCalls() throws {
        let enable = try FunctionSignature("enableModule(address)").encodeCall([.address(Self.stranger)])
        let guardCall = try FunctionSignature("setGuard(address)").encodeCall([.address(Self.stranger)])
        let removeGuard = try FunctionSignature("setGuard(address)").encodeCall([.address(.zero)])
        let upgrade = try FunctionSignature("changeMasterCopy(address)").encodeCall([.address(Self.stranger)])
        #expect(Self.breaches(Self.tx(to: Self.safe, data: enable)) == [.moduleEnabled(Self.stranger)])
        #expect(Self.breaches(Self.tx(to: Self.safe, data: guardCall)) == [.guardSet(Self.stranger)])
        #expect(Self.breaches(Self.tx(to: Self.safe, data: removeGuard)).isEmpty, "removing the guard")
        let both = try MultiSend.multiSendCall([MultiSendCall(to: Self.safe, data: upgrade), MultiSendCall(to: Self.safe, data: enable)])
        #expect(Self.breaches(Self.tx(to: SafeDeployments.multiSend, data: both, operation: .delegateCall))
            == [.singletonChange(to: Self.stranger), .moduleEnabled(Self.stranger)])
        #expect(Self.breaches(Self.tx(to: Self.owners[0], data: enable)).isEmpty, "another contract's enableModule is not the Safe's")
    }

    @Test("a refund to whoever executes or to a non-owner is refused; to an owner, or allowed, it passes")
    func refunds() {
        #expect(Self.breaches(Self.tx(to: Self.owners[0], gasPrice: 1)) == [.refundToNonOwner(receiver: nil)])
        #expect(Self.breaches(Self.tx(to: Self.owners[0], gasPrice: 1, refundReceiver: Self.stranger)) == [.refundToNonOwner(receiver: Self.stranger)])
        #expect(Self.breaches(Self.tx(to: Self.owners[0], gasPrice: 1, refundReceiver: Self.owners[1])).isEmpty)
        #expect(Self.breaches(Self.tx(to: Self.owners[0], gasPrice: 1), SafeProposalPolicy(allowances: [.refund])).isEmpty)
        #expect(Self.breaches(Self.tx(to: Self.owners[0], refundReceiver: Self.stranger)).isEmpty, "no gas price: no refund")
    }
}
