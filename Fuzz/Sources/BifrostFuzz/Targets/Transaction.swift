import BigInt
import EthereumKit

/// `SignedTransaction.decode` on raw transaction bytes, then `sender()` (signature recovery).
/// The decoder refuses anything a node would, so what decodes must serialise back to the same raw
/// bytes (or its hash would not be the node's), and decode again to the same transaction.
let transactionTarget = FuzzTarget(
    name: "transaction",
    summary: "SignedTransaction.decode + sender(); raw must round-trip byte for byte",
    run: { bytes in
        guard let tx = try? SignedTransaction.decode(bytes) else { return false }
        let raw = tx.raw
        require(raw == bytes, "transaction \(Hex.encode(bytes)) decodes but serialises as \(Hex.encode(raw))")
        require((try? SignedTransaction.decode(raw)) == tx, "re-decoding \(Hex.encode(raw)) gives another transaction")
        require(tx.hash.count == 32, "a transaction hash is not 32 bytes")
        _ = try? tx.transaction.signingHash()
        if let sender = try? tx.sender() {
            require(sender.bytes.count == 20, "a recovered sender is not 20 bytes")
        }
        return true
    },
    seeds: { vectors in
        var seeds = sampleSignedTransactions().map(\.raw)
        for (_, test) in vectors.json("EthereumKitTests/Vectors/TransactionTests_typed_cancun.json")?["cases"]?.objectValue ?? [] {
            if let raw = hexBytes(test["txbytes"]) { seeds.append(raw) }
        }
        if let example = vectors.json("EthereumKitTests/Vectors/eip155_example.json") {
            for key in ["signedTransaction", "signedTx", "raw", "rawTransaction"] {
                if let raw = hexBytes(example[key]) { seeds.append(raw) }
            }
        }
        return seeds
    }
)

/// One signed transaction of every envelope, made with Bifrost's own signer and a throwaway key.
func sampleSignedTransactions() -> [SignedTransaction] {
    let key = seedKey("bifrost fuzz transaction key")
    let to = try! Address("0x3535353535353535353535353535353535353535")
    let slot = [UInt8](repeating: 0, count: 31) + [1]
    let accessList = [AccessListEntry(address: to, storageKeys: [slot, Array(repeating: 0xff, count: 32)])]
    let transactions: [Transaction] = [
        Transaction(type: .legacy, chainID: nil, nonce: 0, gasPrice: 1, gasLimit: 21000, to: to, value: 1),
        Transaction(type: .legacy, chainID: 1, nonce: 9, gasPrice: 20_000_000_000, gasLimit: 21000, to: to,
                    value: 1_000_000_000_000_000_000),
        Transaction(type: .legacy, chainID: 31337, nonce: 1, gasPrice: 7, gasLimit: 100_000, to: nil, value: 0,
                    data: [0x60, 0x80, 0x60, 0x40, 0x52]),
        Transaction(type: .accessList, chainID: 1, nonce: 3, gasPrice: 1_000_000_000, gasLimit: 50000, to: to, value: 0,
                    data: [0xa9, 0x05, 0x9c, 0xbb], accessList: accessList),
        Transaction(type: .dynamicFee, chainID: 11_155_111, nonce: 42, maxPriorityFeePerGas: 1_500_000_000,
                    maxFeePerGas: 30_000_000_000, gasLimit: 21000, to: to, value: 12345),
        Transaction(type: .dynamicFee, chainID: 1, nonce: 0, maxPriorityFeePerGas: 0, maxFeePerGas: 1, gasLimit: 1_000_000,
                    to: nil, value: 0, data: Array(repeating: 0x5b, count: 70), accessList: accessList + accessList),
    ]
    return transactions.compactMap { try? $0.sign(with: key) }
}
