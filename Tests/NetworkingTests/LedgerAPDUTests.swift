import BigInt
import EthereumKit
import Networking
import Testing

/// Fixed vectors copied from what ledger_app_clients.ethereum 0.6.0's CommandBuilder builds for the
/// same inputs (LedgerReferenceTests compares thousands more when scripts/ledger-reference-test runs).
@Suite("Ledger Ethereum app commands")
struct LedgerAPDUTests {
    let account0 = try! DerivationPath("m/44'/60'/0'/0/0")

    @Test("get address: path as count and 4-byte indices, P1 for the on-device display")
    func getAddress() throws {
        #expect(try LedgerEthereumAPDU.getAddress(at: DerivationPath("m/44'/60'/0'/0/7"), display: true)
            == bytes("e002010015058000002c8000003c800000000000000000000007"))
        #expect(try LedgerEthereumAPDU.getAddress(at: DerivationPath("m/44'/60'/0'/0/7"), display: false)[2] == 0x00)
    }

    @Test("personal message: path, 4-byte length, message")
    func personalMessage() throws {
        #expect(try LedgerEthereumAPDU.signPersonalMessage(Array("hello".utf8), at: DerivationPath("m/44'/60'/0'"))
            == [bytes("e008000016038000002c8000003c800000000000000568656c6c6f")])
    }

    @Test("a long message is cut into 255-byte chunks, P1 0x80 after the first")
    func chunks() throws {
        let apdus = try LedgerEthereumAPDU.signPersonalMessage([UInt8](repeating: 0xAB, count: 1024), at: account0)
        // 21 bytes of path, 4 of length, 1024 of message: 1049 bytes, 5 chunks.
        #expect(apdus.map(\.count) == [260, 260, 260, 260, 5 + 29])
        #expect(apdus.map { $0[2] } == [0x00, 0x80, 0x80, 0x80, 0x80])
        #expect(apdus.allSatisfy { $0[4] == UInt8($0.count - 5) })
        // Exactly two chunks' worth: two APDUs, and no empty third (ledgereth sends one).
        #expect(try LedgerEthereumAPDU.signPersonalMessage([UInt8](repeating: 1, count: 510 - 25), at: account0).count == 2)
    }

    @Test("EIP-712 by its hashes: path, domain hash, message hash, P2 0x00")
    func typedData() throws {
        let domain = (0..<32).map { UInt8($0) }, message = (32..<64).map { UInt8($0) }
        #expect(try LedgerEthereumAPDU.signTypedDataHashes(domainHash: domain, messageHash: message, at: account0)
            == bytes("e00c000055" + "058000002c8000003c800000000000000000000000") + domain + message)
        #expect(throws: LedgerError.invalidRequest("EIP-712 hashes are 32 bytes each, not 31 and 32")) {
            try LedgerEthereumAPDU.signTypedDataHashes(domainHash: Array(domain.dropLast()), messageHash: message, at: account0)
        }
    }

    @Test("an EIP-1559 transaction: the type byte and RLP after the path")
    func eip1559() throws {
        let tx = Transaction(type: .dynamicFee, chainID: 1, nonce: 7, maxPriorityFeePerGas: 1_000_000_000, maxFeePerGas: 30_000_000_000,
                             gasLimit: 21000, to: try Address("0x000102030405060708090a0b0c0d0e0f10111213"), value: BigUInt(10).power(18))
        #expect(try LedgerEthereumAPDU.signTransaction(payload: tx.signingPayload(), at: account0) == [bytes(
            "e004000047058000002c8000003c80000000000000000000000002f00107843b9aca008506fc23ac0082520894000102030405060708090a0b0c0d0e0f10111213880de0b6b3a764000080c0")])
    }

    @Test("a legacy contract creation with 300 bytes of data spans two chunks, the EIP-155 tail in the second")
    func legacyCreation() throws {
        let tx = Transaction(type: .legacy, chainID: 11_155_111, nonce: 0, gasPrice: 1_000_000_000, gasLimit: 100_000, to: nil, value: 0,
                             data: [UInt8](repeating: 0, count: 300))
        let apdus = try LedgerEthereumAPDU.signTransaction(payload: tx.signingPayload(), at: DerivationPath("m/44'/60'/0'/0/1"))
        #expect(apdus.count == 2)
        #expect(Array(apdus[0].prefix(44)) == bytes("e0040000ff058000002c8000003c800000000000000000000001f9014180843b9aca00830186a08080b9012c"))
        #expect(apdus[1] == bytes("e00480005a") + [UInt8](repeating: 0, count: 84) + bytes("83aa36a78080"))
    }

    @Test("paths of 1 to 10 steps are taken; 0 or 11 are refused before the device could misread them")
    func pathDepth() throws {
        #expect(try LedgerEthereumAPDU.path(DerivationPath(components: [1])) == [1, 0, 0, 0, 1])
        #expect(try LedgerEthereumAPDU.path(DerivationPath(components: Array(repeating: 0x8000_0000, count: 10))).count == 41)
        for depth in [0, 11] {
            #expect(throws: LedgerError.self) { try LedgerEthereumAPDU.path(DerivationPath(components: Array(repeating: 0, count: depth))) }
        }
    }

    @Test("app configuration and app name: E0 06 and the dashboard's B0 01, with Lc 0")
    func bareCommands() {
        #expect(LedgerEthereumAPDU.getConfiguration() == bytes("e006000000"))
        #expect(LedgerEthereumAPDU.appInfo() == bytes("b001000000"))
    }
}
