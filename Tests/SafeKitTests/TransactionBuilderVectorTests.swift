import EthereumKit
import Foundation
import SafeKit
import Testing

/// Real Transaction Builder exports from public repositories, and the builder's own unit-test
/// batch: Bifrost's checksum is the app's, byte for byte, and an edited export fails it.
@Suite("Transaction Builder files: real exports")
struct TransactionBuilderVectorTests {
    static func load(_ name: String) throws -> JSONValue {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/TransactionBuilder"))
        return try JSONParser.parse(Array(try Data(contentsOf: url)))
    }

    @Test("every real export's checksum holds; the edited one's does not", arguments: [
        "BalancerMaxis_multisig-ops__BIP-299", "BalancerMaxis_multisig-ops__more_tuples", "BalancerMaxis_multisig-ops__rescueEulerFees",
        "BalancerMaxis_multisig-ops__BIP-556", "BalancerMaxis_multisig-ops__Transactions_Batch_17",
        "5afe_safe-cli-nodejs__TRANSACTION_BUILDER_FORMAT_ANALYSIS_example",
    ])
    func realExports(_ name: String) throws {
        #expect(TransactionBuilderFile.checksumHolds(try Self.load(name)) == true)
    }

    @Test("a revision edited after export fails its checksum, and is refused")
    func edited() throws {
        let json = try Self.load("NEGATIVE__BalancerMaxis_multisig-ops__BIP-395A_edited")
        #expect(TransactionBuilderFile.checksumHolds(json) == false)
        #expect(throws: TransactionBuilderError.self) { try TransactionBuilderFile(json: json) }
    }

    @Test("the builder's own unit-test batch gives the checksum its test expects")
    func unitTestVector() throws {
        let vector = try Self.load("safe-global_tx-builder__unit_test_vector")
        let batch = try #require(vector["batch"])
        #expect(TransactionBuilderFile.checksum(of: batch) == vector["expected_checksum"]?.stringValue)
    }

    @Test("control characters, quotes, a backslash and non-ASCII text are serialised as JavaScript's JSON.stringify writes them (checksum from the reference implementation)")
    func escapes() throws {
        let text = #"{"version":"1.0","chainId":"1","createdAt":1700000000000,"meta":{"name":"x","description":"tab\there\bback\fform\u0001one é ✓ \"q\" \\ /"},"transactions":[{"to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","value":"1","data":null}]}"#
        #expect(TransactionBuilderFile.checksum(of: try JSONParser.parse(text)) == "0xa9fd058a20e086112bce568991d8a90e838c0690e06e014ef7dfdd606a9916b0")
    }

    @Test("real exports read as calls: raw data kept, contractMethod encoded (a tuple[], arrays, bytes32), a plain transfer")
    func readAsCalls() throws {
        let transfer = try TransactionBuilderFile(json: try Self.load("BalancerMaxis_multisig-ops__BIP-556"))
        #expect(transfer.calls.count == 1 && transfer.calls[0].data.isEmpty && transfer.calls[0].value > 0)
        let raw = try TransactionBuilderFile(json: try Self.load("BalancerMaxis_multisig-ops__rescueEulerFees"))
        #expect(raw.calls.count == 6 && raw.calls.allSatisfy { !$0.data.isEmpty })
        let tuples = try TransactionBuilderFile(json: try Self.load("BalancerMaxis_multisig-ops__BIP-299"))
        #expect(tuples.calls.allSatisfy { $0.data.count >= 4 || $0.data.isEmpty } && tuples.calls.count > 1)
    }
}
