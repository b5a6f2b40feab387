import EthereumKit
import SafeKit
import Testing

@Suite("Safe versions")
struct SafeVersionTests {
    @Test("the SafeTx and domain type strings hash to the type hashes the Safe contracts hard-code")
    func typeHashes() {
        #expect(Hex.encode(Keccak256.hash(Array(SafeVersion.safeTxTypeString.utf8)))
            == "0xbb8310d486368db6bd6f849402fdd73ad53d316b5a4b2644ad6efe0f941286d8")
        #expect(Hex.encode(Keccak256.hash(Array(SafeVersion.domainTypeString.utf8)))
            == "0x47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218")
    }

    @Test("versions order by release")
    func ordering() {
        #expect(SafeVersion.v1_3_0 < .v1_4_1)
        #expect(SafeVersion.v1_4_1 < .v1_5_0)
        #expect(SafeVersion(rawValue: "1.4.1") == .v1_4_1)
    }
}
