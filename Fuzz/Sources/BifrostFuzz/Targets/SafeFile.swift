import BigInt
import EthereumKit
import SafeKit

/// `SafeTransactionFile(json:)`, the signature-exchange file owners pass around. A file that
/// reads must write (`json`) as a file that reads back equal.
let safeFileTarget = FuzzTarget(
    name: "safe-file",
    summary: "SafeTransactionFile(json:) (hash and every signature re-derived); json round-trips",
    run: { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        guard let file = try? SafeTransactionFile(json: text) else { return false }
        require(file.safeTxHash.count == 32, "a safeTxHash is not 32 bytes")
        let written = file.json
        require((try? SafeTransactionFile(json: written)) == file, "a file does not read back equal after writing:\n\(written)")
        return true
    },
    seeds: { _ in
        sampleSafeTransactions().compactMap { tx, signatures in
            (try? SafeTransactionFile(transaction: tx, signatures: signatures)).map { Array($0.json.utf8) }
        }
    }
)

/// Safe transactions of several versions with confirmations of every kind (ECDSA, eth_sign,
/// approved hash), signed by Bifrost with throwaway keys.
func sampleSafeTransactions(chainID: BigUInt? = nil, version: SafeVersion? = nil) -> [(SafeTx, [SafeSignature])] {
    let owners = [seedKey("safe owner 1"), seedKey("safe owner 2"), seedKey("safe owner 3")]
    let safe = try! Address("0x1d5E2Cb8b3e2Df2F1e6f8B34b1A8bC4A9F2bd5E1")
    let to = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    let token = try! Address("0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
    let transactions = [
        SafeTx(safe: safe, chainID: chainID ?? 31337, version: version ?? .v1_4_1, to: to, value: 100_000_000_000_000_000, nonce: 3),
        SafeTx(safe: safe, chainID: chainID ?? 1, version: version ?? .v1_3_0, to: token,
               data: [0xa9, 0x05, 0x9c, 0xbb] + Array(repeating: 0, count: 12) + to.bytes + Array(repeating: 0x01, count: 32),
               operation: .call, safeTxGas: 1, baseGas: 2, gasPrice: 3, gasToken: token, refundReceiver: to, nonce: 0),
        SafeTx(safe: safe, chainID: chainID ?? 11_155_111, version: version ?? .v1_5_0, to: to, operation: .delegateCall, nonce: 77),
        SafeTx(safe: safe, chainID: chainID, version: version ?? .v1_0_0, to: to, value: 1, nonce: 1),
    ]
    return transactions.compactMap { tx -> (SafeTx, [SafeSignature])? in
        guard let hash = try? tx.hash() else { return nil }
        var signatures = [SafeSignature]()
        if let s = try? SafeSignature.sign(safeTxHash: hash, with: owners[0]) { signatures.append(s) }
        if let rsv = try? owners[1].sign(digest: PersonalMessage.hash(hash)).rsv,
           let s = try? SafeSignature.fromEthSign(rsv, safeTxHash: hash) { signatures.append(s) }
        signatures.append(.approvedHash(by: owners[2].address))
        return (tx, signatures)
    }
}
