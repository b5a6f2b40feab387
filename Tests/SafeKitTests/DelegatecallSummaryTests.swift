import BigInt
import EthereumKit
import SafeKit
import Testing

/// A delegatecall runs its target's code as the Safe, with or without data: its line says so.
@Suite("A delegatecall's one-line summary")
struct DelegatecallSummaryTests {
    static let target = try! Address("0x5c6a3e1f6a8a35b0c0be3b7bed2c8ca3e7f1d4a9")

    @Test("a delegatecall with no data names the operation and its target, never \"send 0 ETH\"", arguments: [BigUInt(0), BigUInt(3) * BigUInt(10).power(18)])
    func emptyData(_ value: BigUInt) {
        let call = CallDecoder().decode(to: Self.target, value: value, data: [], operation: .delegateCall)
        #expect(call.headline == "delegatecall \(Self.target.checksummed) with no data")
        #expect(DecodedCall.noDataLine(to: Self.target, value: value, operation: .delegateCall) == call.headline)
        #expect(call.allWarnings.contains { $0.hasPrefix("delegatecall to \(Self.target.checksummed)") })
    }

    @Test("a call with no data still reads as sending its value")
    func plainCall() {
        let call = CallDecoder().decode(to: Self.target, value: BigUInt(25) * BigUInt(10).power(16), data: [], operation: .call)
        #expect(call.headline == "send 0.25 ETH to \(Self.target.checksummed)")
    }
}
