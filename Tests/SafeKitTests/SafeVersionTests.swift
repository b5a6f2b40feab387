import EthereumKit
import SafeKit
import Testing

@Suite("Safe versions")
struct SafeVersionTests {
    @Test("the SafeTx and domain type strings hash to the type hashes the Safe contracts hard-code")
    func typeHashes() {
        func hash(_ s: String) -> String { Hex.encode(Keccak256.hash(Array(s.utf8))) }
        for v in SafeVersion.supported {
            #expect(hash(v.safeTxTypeString) == "0xbb8310d486368db6bd6f849402fdd73ad53d316b5a4b2644ad6efe0f941286d8")
            #expect(hash(v.domainTypeString) == "0x47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218")
        }
        #expect(hash(SafeVersion.v0_1_0.safeTxTypeString) == "0x14d461bc7412367e924637b363c7bf29b8f47e2f84869f4426e5633d8af47b20")
        #expect(hash(SafeVersion.v1_2_0.domainTypeString) == "0x035aff83d86937d35b32e04f0ddc6ff469290eef2f1b692d8a815c89404d4749")
    }

    @Test("versions order by release and parse with build suffixes")
    func ordering() {
        #expect(SafeVersion.v1_3_0 < .v1_4_1)
        #expect(SafeVersion.v1_4_1 < .v1_5_0)
        #expect(SafeVersion(reported: "1.3.0+L2") == .v1_3_0)
        #expect(SafeVersion(reported: "1.4.1") == .v1_4_1)
        #expect(SafeVersion(reported: "2.0.0") == nil)
        #expect(!SafeVersion.v1_2_0.isSupported && SafeVersion.v1_5_0.isSupported)
    }
}
