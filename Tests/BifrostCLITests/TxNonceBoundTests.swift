import Foundation
import Testing

/// Issue 38, finding 16: `tx sign` refuses a nonce that EIP-2681 makes invalid instead of printing
/// a transaction no node accepts.
@Suite("bifrost tx sign: the nonce bound")
struct TxNonceBoundTests {
    // A throwaway key, never funded.
    static let key = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"

    static func sign(nonce: String) async -> CLIResult {
        await runCLIArray(["tx", "sign", "--chain-id", "17000", "--nonce", nonce, "--to", "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E",
                           "--gas-limit", "21000", "--max-fee-per-gas", "3gwei", "--max-priority-fee-per-gas", "1gwei", "--private-key", Self.key])
    }

    @Test("nonce 2^64 - 1 and 2^64 + 5 print no transaction and one error naming the nonce and EIP-2681; 2^64 - 2 signs")
    func bound() async {
        for nonce in ["18446744073709551615", "18446744073709551621"] {
            let r = await Self.sign(nonce: nonce)
            #expect(r.code == 1 && r.out.isEmpty, "\(nonce): \(r.out)")
            #expect(r.err.count == 1 && r.err.first?.contains(nonce) == true && r.err.first?.contains("EIP-2681") == true, "\(r.err)")
        }
        let largest = await Self.sign(nonce: "18446744073709551614")
        #expect(largest.code == 0 && largest.out.contains { $0.hasPrefix("raw:") }, "\(largest.err)")
    }
}
