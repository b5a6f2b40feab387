import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Call decoder")
struct CallDecoderTests {
    static let token = try! Address("0x1000000000000000000000000000000000000001")
    static let alice = try! Address("0x2000000000000000000000000000000000000002")
    static let bob = try! Address("0x3000000000000000000000000000000000000003")
    static let safe = try! Address("0x9000000000000000000000000000000000000009")
    static let stranger = try! Address("0xbad0000000000000000000000000000000000bad")

    @Test("an ERC-20 transfer reads as transfer(to, amount) with exact values")
    func erc20() throws {
        let call = CallDecoder().decode(to: Self.token, value: 0, data: try ERC20.transfer(to: Self.alice, amount: 12_500_000), operation: .call)
        #expect(call.function == "transfer")
        #expect(call.arguments == [.init(name: "to", type: "address", value: Self.alice.checksummed),
                                   .init(name: "value", type: "uint256", value: "12500000")])
        #expect(call.allWarnings.isEmpty)
        #expect(call.headline == "transfer(to: \(Self.alice.checksummed), value: 12500000)")
    }

    @Test("owner management reads by name, with the linked list's previous owner")
    func ownerManagement() throws {
        let owners = [Self.alice, Self.bob]
        let decoder = CallDecoder()
        let add = decoder.decode(to: Self.safe, value: 0, data: try SafeContract.addOwner(Self.token, threshold: 2, owners: owners, safe: Self.safe),
                                 operation: .call)
        #expect(add.function == "addOwnerWithThreshold")
        #expect(add.arguments.map(\.value) == [Self.token.checksummed, "2"])
        let remove = decoder.decode(to: Self.safe, value: 0, data: try SafeContract.removeOwnerCall(Self.bob, threshold: 1, owners: owners),
                                    operation: .call)
        #expect(remove.function == "removeOwner")
        #expect(remove.arguments.map(\.name) == ["prevOwner", "owner", "threshold"])
        #expect(remove.arguments.map(\.value) == [Self.alice.checksummed, Self.bob.checksummed, "1"])
        let swap = decoder.decode(to: Self.safe, value: 0, data: try SafeContract.swapOwnerCall(Self.alice, with: Self.token, owners: owners, safe: Self.safe),
                                  operation: .call)
        #expect(swap.function == "swapOwner")
        #expect(swap.arguments.map(\.value) == [SafeContract.sentinel.checksummed, Self.alice.checksummed, Self.token.checksummed])
        let threshold = decoder.decode(to: Self.safe, value: 0, data: try SafeContract.changeThreshold(2, ownerCount: 2), operation: .call)
        #expect(threshold.headline == "changeThreshold(threshold: 2)")
    }

    @Test("a MultiSend batch through the official MultiSendCallOnly: each inner call decoded, no warning")
    func multiSend() throws {
        let calls = [MultiSendCall(to: Self.alice, value: BigUInt(10).power(17)),
                     MultiSendCall(to: Self.token, data: try ERC20.transfer(to: Self.bob, amount: 7))]
        let call = CallDecoder().decode(to: SafeDeployments.multiSendCallOnly, value: 0, data: try MultiSend.multiSendCall(calls),
                                        operation: .delegateCall)
        #expect(call.function == "multiSend")
        #expect(call.calls.count == 2)
        #expect(call.calls[0].data.isEmpty && call.calls[0].value == BigUInt(10).power(17) && call.calls[0].to == Self.alice)
        #expect(call.calls[1].function == "transfer")
        #expect(call.calls[1].arguments.map(\.value) == [Self.bob.checksummed, "7"])
        #expect(call.allWarnings.isEmpty)
        #expect(call.headline == "delegatecall batch of 2 calls")
    }

    @Test("a delegatecall anywhere else is warned about, at the top and inside a batch; a network's own MultiSend can be trusted")
    func delegateCallWarnings() throws {
        let direct = CallDecoder().decode(to: Self.stranger, value: 0, data: [0xde, 0xad, 0xbe, 0xef], operation: .delegateCall)
        #expect(direct.allWarnings.count == 1)
        #expect(direct.allWarnings[0].contains(Self.stranger.checksummed))
        #expect(direct.function == nil)

        let batch = try MultiSend.multiSendCall([MultiSendCall(to: Self.alice, value: 1),
                                                 MultiSendCall(operation: .delegateCall, to: Self.stranger, data: [1, 2, 3, 4])])
        let nested = CallDecoder().decode(to: SafeDeployments.multiSend, value: 0, data: batch, operation: .delegateCall)
        #expect(nested.warnings.isEmpty)
        #expect(nested.allWarnings.count == 1)
        #expect(nested.allWarnings[0].hasPrefix("call 2: delegatecall to \(Self.stranger.checksummed)"))
        // The badge follows the same decision: red on the stranger, not on the known MultiSend.
        #expect(direct.untrustedDelegateCall && !nested.untrustedDelegateCall && nested.calls[1].untrustedDelegateCall)
        #expect(!nested.calls[0].untrustedDelegateCall)

        let local = try Address("0x4000000000000000000000000000000000000004")
        #expect(CallDecoder().decode(to: local, value: 0, data: batch, operation: .delegateCall).warnings.count == 1)
        #expect(CallDecoder(trusting: [local]).decode(to: local, value: 0, data: batch, operation: .delegateCall).warnings.isEmpty)
    }

    @Test("a Safe's own release's SignMessageLib and the official SafeMigrations are trusted, at the top and in a batch; another release's SignMessageLib is not")
    func releaseDelegates() throws {
        let lib141 = try #require(SafeDeployments.canonical(.v1_4_1).signMessageLib)
        let migration = try #require(SafeDeployments.safeMigrations[.v1_5_0])
        func warnings(_ version: SafeVersion, to: Address, data: [UInt8] = [0x01, 0x02, 0x03, 0x04]) -> [String] {
            CallDecoder().decode(SafeTx(safe: Self.safe, chainID: 1, version: version, to: to, data: data, operation: .delegateCall, nonce: 0)).allWarnings
        }
        #expect(warnings(.v1_4_1, to: lib141).isEmpty)
        #expect(warnings(.v1_4_1, to: migration).isEmpty && warnings(.v1_3_0, to: migration).isEmpty)
        #expect(warnings(.v1_3_0, to: lib141).count == 1, "1.4.1's SignMessageLib is not 1.3.0's")
        let batch = try MultiSend.multiSendCall([MultiSendCall(operation: .delegateCall, to: lib141, data: [1, 2, 3, 4]),
                                                 MultiSendCall(operation: .delegateCall, to: Self.stranger, data: [1, 2, 3, 4])])
        #expect(warnings(.v1_4_1, to: SafeDeployments.multiSend, data: batch) == [
            "call 2: delegatecall to \(Self.stranger.checksummed), which is not a known MultiSend, SignMessageLib or SafeMigration contract: its code runs as your Safe and can change owners, modules and funds",
        ])
        #expect(SafeContractNames().name(migration) == "SafeMigration 1.5.0")
    }

    @Test("unknown and hostile data: an unknown selector stays raw; a broken batch is warned about, not trusted")
    func hostileData() throws {
        let unknown = CallDecoder().decode(to: Self.token, value: 5, data: [1, 2, 3, 4, 5], operation: .call)
        #expect(unknown.function == nil && unknown.arguments.isEmpty)
        #expect(unknown.headline == "unknown function 0x01020304 with 5 bytes of data with 0.000000000000000005 ETH")
        // A packed entry that claims more data than there is.
        var packed = [UInt8](repeating: 0, count: 85)
        packed[1] = 0xaa
        packed[84] = 200
        let broken = try FunctionSignature("multiSend(bytes)").encodeCall([.bytes(packed)])
        let call = CallDecoder().decode(to: SafeDeployments.multiSend, value: 0, data: broken, operation: .delegateCall)
        #expect(call.calls.isEmpty)
        #expect(call.warnings == ["the batch's packed calls cannot be read"])
        #expect(call.headline.hasPrefix("delegatecall multiSend(transactions: 0x"))
    }

    @Test("the simulateAndRevert probe: success, a failure with its reason, and an answer that is not the probe's")
    func simulationProbe() throws {
        let probe = SafeSimulation.delegateCallProbe(target: Self.alice, payload: [1, 2])
        #expect(Hex.encode(probe.prefix(4)) == Hex.encode(try FunctionSignature("simulateAndRevert(address,bytes)").selector))
        func word(_ n: Int) -> [UInt8] { [UInt8](repeating: 0, count: 31) + [UInt8(n)] }
        #expect(SafeSimulation.probeOutcome(word(1) + word(0)) == .succeeds)
        let reason = [0x08, 0xc3, 0x79, 0xa0] + (try ABIEncoder.encode([.string], [.string("not enough")]))
        #expect(SafeSimulation.probeOutcome(word(0) + word(reason.count) + reason) == .reverts("not enough"))
        guard case .unavailable = SafeSimulation.probeOutcome(reason) else {
            Issue.record("an ordinary revert must not read as the probe's answer")
            return
        }
    }
}
