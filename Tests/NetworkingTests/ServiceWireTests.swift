import BigInt
import EthereumKit
import Networking
import NetworkingTesting
import SafeKit
import Testing

/// The one wire codec of the Safe Transaction Service, which the client reads with and
/// `bifrost serve` writes with.
@Suite("Transaction Service wire codec")
struct ServiceWireTests {
    @Test("an answer the official service gave (Goerli, Safe 1.3.0, an executed transfer) decodes, hashes to its stated safeTxHash, and round-trips in both shapes")
    func officialAnswer() throws {
        // `official.multisig-transaction.json`: the service's answer for Safe 0x3894…53a1's nonce 6 on
        // Goerli, as quoted in safe-cli's tests; its safeTxHash is the contract's hash of its fields.
        let json = try #require(try Fixture.mock().fixture("official.multisig-transaction"))
        let wire = try ServiceWireTransaction(json: json)
        let tx = try wire.safeTx(chainID: 5, version: .v1_3_0)
        #expect(try tx.hash() == wire.safeTxHash && wire.nonce == 6 && wire.value == 1_000_000_000_000_000)
        #expect(wire.isExecuted && wire.isSuccessful == true && wire.gasUsed == 59925 && wire.blockNumber == 8_573_938)
        let confirmation = try #require(wire.confirmations.first)
        let packed = try #require(confirmation.signature)
        let signature = try #require(try SafeSignature.parse(packed: packed, safeTxHash: try tx.hash()).first)
        #expect(signature.kind == .approvedHash && signature.owner == confirmation.owner && confirmation.signatureType == "APPROVED_HASH")
        #expect(try ServiceWireTransaction(json: wire.json(v2: false)) == wire)
        #expect(try ServiceWireTransaction(json: wire.json(v2: true)) == wire)
        #expect(wire.json(v2: false)["nonce"] == .number("6") && wire.json(v2: true)["nonce"] == .string("6"), "v1 numbers, v2 strings")
    }

    @Test("a listing page decodes with each of its transactions, and a proposal body round-trips")
    func pageAndProposal() throws {
        let page = try ServiceWirePage(json: try #require(try Fixture.mock().fixture("safes.multisig-transactions")))
        #expect(page.count == 2 && page.results.count == 2)
        for result in page.results {
            let wire = try ServiceWireTransaction(json: result)
            #expect(try wire.safeTx(chainID: 11_155_111, version: .v1_4_1).hash() == wire.safeTxHash)
            #expect(try ServiceWireTransaction(json: wire.json(v2: true)) == wire)
        }
        let tx = SafeTx(safe: Fixture.alice, chainID: 1, version: .v1_4_1, to: Fixture.bob, value: 5, data: [1, 2], nonce: 9)
        let proposal = ServiceWireProposal(tx, safeTxHash: try tx.hash(), sender: Fixture.bob, signature: [7, 7], origin: "o")
        let read = try ServiceWireProposal(json: proposal.json, safe: Fixture.alice)
        #expect(read.contractTransactionHash == (try tx.hash()) && read.sender == Fixture.bob && read.signature == [7, 7])
        #expect(try read.transaction.safeTx(chainID: 1, version: .v1_4_1) == tx)
    }

    @Test("a field that does not read is named, whether the service or a client wrote it")
    func namedFields() throws {
        let json = try #require(try Fixture.mock().fixture("official.multisig-transaction"))
        for (field, bad) in [("value", JSONValue.string("abc")), ("to", .string("0x12")), ("data", .string("0xzz")), ("nonce", .null),
                             ("submissionDate", .string("yesterday"))] {
            let members = (json.objectValue ?? []).map { $0.key == field ? (key: field, value: bad) : $0 }
            let error = try #require(throws: ServiceWireError.self) { try ServiceWireTransaction(json: .object(members)) }
            #expect(error.field == field, "\(error)")
        }
        let create = try ServiceWireTransaction(json: .object((json.objectValue ?? []).map { $0.key == "operation" ? (key: "operation", value: .number("2")) : $0 }))
        #expect(throws: ServiceWireError("operation", "CREATE is not supported")) { try create.safeTx(chainID: 5, version: .v1_3_0) }
    }
}
