import BigInt
import Foundation
import EthereumKit
import SafeKit
import Testing

@Suite("SafeLedger and the module events: what a log or a module's calldata says")
struct SafeLedgerTests {
    static let safe = Address(word: [0x5a]), other = Address(word: [0x77]), token = Address(word: [0x70])
    static func word(_ address: Address) -> [UInt8] { [UInt8](repeating: 0, count: 12) + address.bytes }
    static func word(_ value: BigUInt) -> [UInt8] {
        let bytes = [UInt8](value.serialize())
        return [UInt8](repeating: 0, count: 32 - bytes.count) + bytes
    }

    @Test("an ERC-20 Transfer gives its amount, an ERC-721 Transfer its token ID; another event, or an amount that is not one word, gives nothing")
    func tokenTransfer() throws {
        let topic = SafeLedger.transferTopic
        let erc20 = try #require(SafeLedger.tokenTransfer(topics: [topic, Self.word(Self.other), Self.word(Self.safe)], data: Self.word(1_500)))
        #expect(erc20.from == Self.other && erc20.to == Self.safe && erc20.amount == 1_500 && erc20.tokenID == nil)
        let erc721 = try #require(SafeLedger.tokenTransfer(topics: [topic, Self.word(Self.safe), Self.word(Self.other), Self.word(42)], data: []))
        #expect(erc721.from == Self.safe && erc721.to == Self.other && erc721.amount == nil && erc721.tokenID == 42)
        #expect(SafeLedger.tokenTransfer(topics: [SafeEvents.safeReceived, Self.word(Self.other), Self.word(Self.safe)], data: Self.word(1)) == nil)
        #expect(SafeLedger.tokenTransfer(topics: [topic, Self.word(Self.other), Self.word(Self.safe)], data: [1, 2]) == nil)
    }

    @Test("a token movement is the Safe's in or out; a transfer to itself, or between others, or of an ERC-721 token, is none")
    func tokenMovement() {
        let topic = SafeLedger.transferTopic
        let incoming = SafeLedger.tokenMovement(safe: Self.safe, contract: Self.token, topics: [topic, Self.word(Self.other), Self.word(Self.safe)], data: Self.word(7))
        #expect(incoming == SafeLedger.Movement(.incoming, asset: Self.token, amount: 7, counterparty: Self.other))
        let outgoing = SafeLedger.tokenMovement(safe: Self.safe, contract: Self.token, topics: [topic, Self.word(Self.safe), Self.word(Self.other)], data: Self.word(7))
        #expect(outgoing == SafeLedger.Movement(.outgoing, asset: Self.token, amount: 7, counterparty: Self.other))
        #expect(SafeLedger.tokenMovement(safe: Self.safe, contract: Self.token, topics: [topic, Self.word(Self.safe), Self.word(Self.safe)], data: Self.word(7)) == nil)
        #expect(SafeLedger.tokenMovement(safe: Self.safe, contract: Self.token, topics: [topic, Self.word(Self.other), Self.word(Self.token)], data: Self.word(7)) == nil)
        #expect(SafeLedger.tokenMovement(safe: Self.safe, contract: Self.token, topics: [topic, Self.word(Self.other), Self.word(Self.safe), Self.word(1)],
                                         data: []) == nil)
    }

    @Test("the ether a call sends: its own value, a batch's inner values through a known MultiSend, nothing for a delegatecall's own value")
    func etherSent() throws {
        let plain = SafeLedger.etherSent(MultiSendCall(to: Self.other, value: 9))
        #expect(plain == [SafeLedger.Movement(.outgoing, asset: nil, amount: 9, counterparty: Self.other)])
        let batch = try MultiSend.multiSendCall([MultiSendCall(to: Self.other, value: 3), MultiSendCall(to: Self.token, value: 0, data: [1]),
                                                 MultiSendCall(to: Self.safe, value: 4)])
        let multiSend = try #require(SafeDeployments.knownMultiSend.first)
        let inner = SafeLedger.etherSent(MultiSendCall(operation: .delegateCall, to: multiSend, value: 0, data: batch))
        #expect(inner.map(\.amount) == [3, 4] && inner.map(\.counterparty) == [Self.other, Self.safe])
        #expect(SafeLedger.etherSent(MultiSendCall(operation: .delegateCall, to: Self.other, value: 5)).isEmpty)
    }

    @Test("a module execution log names its module, indexed (1.3.0 on) or in the data, and its outcome; other logs are none")
    func moduleExecution() throws {
        let success = try #require(SafeEvents.moduleExecution(topics: [SafeEvents.moduleExecutionSuccess, Self.word(Self.other)], data: []))
        #expect(success.module == Self.other && success.success)
        let failure = try #require(SafeEvents.moduleExecution(topics: [SafeEvents.moduleExecutionFailure], data: Self.word(Self.other)))
        #expect(failure.module == Self.other && !failure.success)
        #expect(SafeEvents.moduleExecution(topics: [SafeEvents.executionSuccess, Self.word(Self.other)], data: []) == nil)
        #expect(SafeEvents.moduleExecution(topics: [SafeEvents.moduleExecutionSuccess], data: [1]) == nil)
    }

    @Test("a module's execTransactionFromModule calldata gives the call back, the ReturnData variant too; other calldata gives none")
    func moduleCall() throws {
        let values: [ABIValue] = [.address(Self.other), .uint(5), .bytes([0xca, 0xfe]), .uint(1)]
        let call = try SafeContract.execTransactionFromModule.encodeCall(values)
        #expect(SafeContract.moduleCall(call) == MultiSendCall(operation: .delegateCall, to: Self.other, value: 5, data: [0xca, 0xfe]))
        let returning = try FunctionSignature("execTransactionFromModuleReturnData(address,uint256,bytes,uint8)").encodeCall(values)
        #expect(SafeContract.moduleCall(returning)?.to == Self.other)
        let badOperation = try SafeContract.execTransactionFromModule.encodeCall([.address(Self.other), .uint(5), .bytes([]), .uint(3)])
        #expect(SafeContract.moduleCall(badOperation) == nil)
        #expect(SafeContract.moduleCall(SafeContract.nonce) == nil && SafeContract.moduleCall([]) == nil)
    }
}
