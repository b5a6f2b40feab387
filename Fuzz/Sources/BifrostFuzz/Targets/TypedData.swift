import EthereumKit

/// EIP-712: `TypedData(json:)` on the input, then every hash a signer computes: the digest, the
/// domain separator, and the type encoding and hash of each declared type.
let typedDataTarget = FuzzTarget(
    name: "typed-data",
    summary: "TypedData(json:) then digest(), domainSeparator(), encodeType/typeHash/hashStruct",
    run: { bytes in
        guard let typed = try? TypedData(json: bytes) else { return false }
        let digest = try? typed.digest()
        if let digest {
            require(digest.count == 32, "an EIP-712 digest is not 32 bytes")
            require((try? typed.digest()) == digest, "the EIP-712 digest is not deterministic")
        }
        _ = try? typed.domainSeparator()
        for name in typed.types.keys.sorted().prefix(16) {
            if let encoded = try? typed.encodeType(name) {
                require((try? typed.typeHash(name)) == Keccak256.hash(Array(encoded.utf8)), "typeHash is not keccak(encodeType)")
            }
        }
        _ = try? typed.hashStruct(typed.primaryType, typed.message)
        return digest != nil
    },
    seeds: { vectors in
        var seeds = [[UInt8]]()
        if let mail = vectors.json("EthereumKitTests/Vectors/eip712_mail_example.json")?["typedData"] {
            seeds.append(jsonBytes(mail))
        }
        let samples = [
            // Arrays of structs, fixed arrays, bytes, every atomic kind, a domain with a salt.
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"},{"name":"salt","type":"bytes32"}],"Group":[{"name":"members","type":"Person[]"},{"name":"tags","type":"string[2]"},{"name":"blob","type":"bytes"},{"name":"flag","type":"bool"},{"name":"n","type":"int8"},{"name":"h","type":"bytes4"},{"name":"grid","type":"uint16[][]"}],"Person":[{"name":"name","type":"string"},{"name":"wallet","type":"address"}]},"primaryType":"Group","domain":{"name":"G","chainId":"0x7a69","salt":"0x0000000000000000000000000000000000000000000000000000000000000001"},"message":{"members":[{"name":"a","wallet":"0x0000000000000000000000000000000000000001"},{"name":"b","wallet":"0x00000000000000000000000000000000000000ff"}],"tags":["x","y"],"blob":"0xdeadbeef","flag":true,"n":"-128","h":"0x01020304","grid":[[1,2],[],[65535]]}}"#,
            // The Safe's SafeTx, 1.3.0 domain.
            #"{"types":{"EIP712Domain":[{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"SafeTx":[{"name":"to","type":"address"},{"name":"value","type":"uint256"},{"name":"data","type":"bytes"},{"name":"operation","type":"uint8"},{"name":"safeTxGas","type":"uint256"},{"name":"baseGas","type":"uint256"},{"name":"gasPrice","type":"uint256"},{"name":"gasToken","type":"address"},{"name":"refundReceiver","type":"address"},{"name":"nonce","type":"uint256"}]},"primaryType":"SafeTx","domain":{"chainId":1,"verifyingContract":"0x1d5E2Cb8b3e2Df2F1e6f8B34b1A8bC4A9F2bd5E1"},"message":{"to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","value":"100000000000000000","data":"0x","operation":0,"safeTxGas":0,"baseGas":0,"gasPrice":"0","gasToken":"0x0000000000000000000000000000000000000000","refundReceiver":"0x0000000000000000000000000000000000000000","nonce":3}}"#,
            // No EIP712Domain type (derived from the domain), and the domain as the primary type.
            #"{"types":{"Ping":[{"name":"n","type":"uint256"}]},"primaryType":"Ping","domain":{"name":"P","version":"1"},"message":{"n":7}}"#,
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}]},"primaryType":"EIP712Domain","domain":{"name":"D"},"message":{}}"#,
            // A recursive type.
            #"{"types":{"Node":[{"name":"v","type":"uint8"},{"name":"next","type":"Node[]"}]},"primaryType":"Node","domain":{},"message":{"v":1,"next":[{"v":2,"next":[{"v":3,"next":[]}]}]}}"#,
        ]
        seeds += samples.map { Array($0.utf8) }
        return seeds
    }
)
