import BigInt
import EthereumKit
import SafeKit
import Testing

/// The summary stored with a Safe transaction, shown in the queue, the history, the review and the dashboard.
@Suite("Safe transaction summaries")
struct SafeSummaryTests {
    static let safe = try! Address("0x8ba1f109551bd432803012645ac136ddd64dba72")
    static let target = try! Address("0xe7a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3")

    @Test("a delegatecall with empty data reads as a delegatecall to its target")
    func delegatecall() {
        let tx = SafeTx(safe: Self.safe, chainID: 100, version: .v1_4_1, to: Self.target, value: 0, operation: .delegateCall, nonce: 4)
        #expect(SafeSummary.describe(tx) == "delegatecall \(Self.target.checksummed) with no data")
    }

    @Test("a call with empty data sends its value; an empty call to the Safe itself is a rejection")
    func calls() {
        #expect(SafeSummary.describe(to: Self.target, value: BigUInt(10).power(15), data: [], operation: .call, safe: Self.safe)
                == "send 0.001 ETH to \(Self.target.checksummed)")
        #expect(SafeSummary.describe(to: Self.safe, value: 0, data: [], operation: .call, safe: Self.safe).hasPrefix("rejection"))
    }
}
