import EthereumKit
import Testing

@Suite("RIPEMD-160")
struct RIPEMD160Tests {
    /// The test vectors of the RIPEMD-160 paper (Dobbertin, Bosselaers, Preneel), appendix B.
    static let paperVectors: [(message: String, digest: String)] = [
        ("", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
        ("a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
        ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
        ("message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
        ("abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"),
        (String(repeating: "1234567890", count: 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"),
    ]

    @Test("given each message of the RIPEMD-160 paper, when hashed, then the digest matches")
    func paperVectors() {
        for (message, digest) in Self.paperVectors {
            #expect(Hex.encode(RIPEMD160.hash(Array(message.utf8)), prefix: false) == digest, "\(message)")
        }
    }

    @Test("given one million 'a' (the paper's last vector), when hashed, then the digest matches")
    func millionA() {
        let digest = RIPEMD160.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(Hex.encode(digest, prefix: false) == "52783243c1697bdbe16d37f97f68f08325dc1528")
    }

    @Test("given inputs around the 55/56/64-byte padding edges, when hashed, then they match OpenSSL's digests")
    func paddingEdges() {
        // Bytes 0, 1, 2, … n-1; expected values from Python hashlib.new("ripemd160") (OpenSSL).
        let cases: [(Int, String)] = [
            (55, "3c86963b3ff646a65ae42996e9664c747cc7e5e6"),
            (56, "ebdd79cfd4fd9949ef8089673d2620427f487cfb"),
            (63, "6d31d3d634b4a7aa15914c239576eb1956f2d9a4"),
            (64, "2581f5e9f957b44b0fa24d31996de47409dd1e0f"),
            (65, "109949b95341eeea7365e8ac4d0d3883d98f709a"),
            (119, "ad430b4283203a7b7f338b9d252dfdbf807402bf"),
            (120, "b89cdc109009f1982c8b34fca446953584d3f6c4"),
        ]
        for (length, digest) in cases {
            let input = (0..<length).map { UInt8($0) }
            #expect(Hex.encode(RIPEMD160.hash(input), prefix: false) == digest, "length \(length)")
            #expect(RIPEMD160.hash(input[...]) == RIPEMD160.hash(input), "slices hash the same")
        }
    }
}
