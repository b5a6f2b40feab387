import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Safe 1.0.0 and 1.1.1")
struct LegacySafeVersionTests {
    static func hash(_ s: String) -> String { Hex.encode(Keccak256.hash(Array(s.utf8))) }

    @Test("1.0.0 and 1.1.1 hash with baseGas and a domain without chain ID, the type hashes both contracts hard-code")
    func typeHashes() {
        for v in SafeVersion.legacy {
            #expect(Self.hash(v.safeTxTypeString) == "0xbb8310d486368db6bd6f849402fdd73ad53d316b5a4b2644ad6efe0f941286d8")
            #expect(Self.hash(v.domainTypeString) == "0x035aff83d86937d35b32e04f0ddc6ff469290eef2f1b692d8a815c89404d4749")
            #expect(!v.domainHasChainID && v.isUsable && !v.isSupported)
        }
    }

    @Test("the official 1.0.0 vectors hash the same as 1.1.1, and on any chain")
    func vectors() throws {
        let cases = try SafeTxHashVectorTests.cases().filter { $0["safe_version"]?.text == "1.0.0" }
        #expect(cases.count == 2)
        for c in cases {
            var tx = try SafeTxHashVectorTests.safeTx(c)
            let expected = c["expected_safeTxHash"]?.text
            #expect(Hex.encode(try tx.hash()) == expected)
            tx.version = .v1_1_1
            #expect(Hex.encode(try tx.hash()) == expected, "1.1.1 keeps 1.0.0's rule")
            tx.chainID = 5
            #expect(Hex.encode(try tx.hash()) == expected, "no chain ID in the domain")
            tx.version = .v1_3_0
            #expect(Hex.encode(try tx.hash()) != expected, "1.3.0 adds the chain ID")
        }
    }

    @Test("what each release has: a handler from 1.1.1, a guard from 1.3.0, a success log from 1.1.1, paginated modules from 1.1.1")
    func features() {
        #expect(!SafeVersion.v1_0_0.hasFallbackHandler && SafeVersion.v1_1_1.hasFallbackHandler)
        #expect(!SafeVersion.v1_1_1.hasGuard && SafeVersion.v1_3_0.hasGuard)
        #expect(!SafeVersion.v1_0_0.logsSuccess && SafeVersion.v1_1_1.logsSuccess)
        #expect(!SafeVersion.v1_0_0.hasPaginatedModules && SafeVersion.v1_1_1.hasPaginatedModules)
    }

    @Test("1.0.0's setup has seven arguments and no handler; one asked for is refused, not dropped")
    func setup() throws {
        let owners = [try Address("0x00000000000000000000000000000000000000a1"), try Address("0x00000000000000000000000000000000000000a2")]
        let old = try SafeContract.setupCall(owners: owners, threshold: 1, fallbackHandler: .zero, version: .v1_0_0)
        #expect(Array(old.prefix(4)) == Array(Keccak256.hash(Array("setup(address[],uint256,address,bytes,address,uint256,address)".utf8)).prefix(4)))
        let handler = try Address("0x00000000000000000000000000000000000000f1")
        #expect(throws: SafeKitError.missingInVersion(.v1_0_0, feature: "fallback handler")) {
            try SafeContract.setupCall(owners: owners, threshold: 1, fallbackHandler: handler, version: .v1_0_0)
        }
        #expect(try SafeContract.setupCall(owners: owners, threshold: 1, fallbackHandler: handler, version: .v1_1_1)
                == SafeContract.setupCall(owners: owners, threshold: 1, fallbackHandler: handler))
    }

    @Test("an execution's outcome: 1.1.1's success and failure logs, 1.0.0's ExecutionFailed, and 1.0.0's silence meaning success")
    func outcome() {
        let hash = [UInt8](repeating: 7, count: 32), other = [UInt8](repeating: 8, count: 32)
        let success = (topics: [SafeEvents.executionSuccess], data: hash + [UInt8](repeating: 0, count: 32))
        let failed = (topics: [SafeEvents.executionFailed], data: hash)
        #expect(SafeEvents.succeeded(hash, logs: [success], version: .v1_1_1))
        #expect(!SafeEvents.succeeded(hash, logs: [], version: .v1_1_1), "1.1.1 logs every success")
        #expect(!SafeEvents.succeeded(hash, logs: [failed], version: .v1_0_0))
        #expect(SafeEvents.succeeded(hash, logs: [], version: .v1_0_0))
        #expect(SafeEvents.succeeded(other, logs: [failed], version: .v1_0_0), "another transaction's failure says nothing of this one")
        #expect(!SafeEvents.succeeded(hash, logs: [], version: nil))
    }
}
