import EthereumKit

/// `RLPDecoder.decode`. The decoder accepts canonical RLP only, so whatever decodes must encode
/// back to exactly the same bytes.
let rlpTarget = FuzzTarget(
    name: "rlp",
    summary: "RLPDecoder.decode; what decodes must re-encode to the very same bytes",
    run: { bytes in
        guard let item = try? RLPDecoder.decode(bytes) else { return false }
        let encoded = RLPEncoder.encode(item)
        require(encoded == bytes, "RLP \(Hex.encode(bytes)) decodes but re-encodes as \(Hex.encode(encoded))")
        switch item {
        case .bytes(let b): require(item.bytesValue == b && item.listValue == nil, "bytesValue/listValue disagree")
        case .list(let l): require(item.listValue == l && item.bytesValue == nil, "bytesValue/listValue disagree")
        }
        return true
    },
    seeds: { vectors in
        var seeds: [[UInt8]] = [
            RLPEncoder.encode(.bytes([])),
            RLPEncoder.encode(.bytes([0x7f])),
            RLPEncoder.encode(.bytes([0x80])),
            RLPEncoder.encode(.bytes(Array(repeating: 0x61, count: 55))),
            RLPEncoder.encode(.bytes(Array(repeating: 0x62, count: 56))),
            RLPEncoder.encode(.bytes(Array(repeating: 0x63, count: 300))),
            RLPEncoder.encode(.list([])),
            RLPEncoder.encode(.list([.list([]), .list([.list([])]), .list([.list([]), .list([.list([])])])])),
            RLPEncoder.encode(.list([.uint(UInt64(0)), .uint(UInt64(1024)), .uint(UInt64.max), .bytes(Array("dog".utf8))])),
            RLPEncoder.encode(.list(Array(repeating: .bytes(Array(repeating: 0x64, count: 20)), count: 4))),
        ]
        for file in ["RLPTests_rlptest.json", "RLPTests_invalidRLPTest.json", "RLPTests_RandomRLPTests_example.json"] {
            for (_, test) in vectors.json("EthereumKitTests/Vectors/" + file)?.objectValue ?? [] {
                if let out = hexBytes(test["out"]) { seeds.append(out) }
            }
        }
        // Signed transactions are RLP too.
        seeds += sampleSignedTransactions().map { tx in tx.raw.first! >= 0xc0 ? tx.raw : Array(tx.raw.dropFirst()) }
        return seeds
    }
)
