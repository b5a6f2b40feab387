import BigInt
import Services
import Testing

@Suite("Transaction drafts")
struct TransactionDraftTests {
    static let to = try! Address("0x3535353535353535353535353535353535353535")

    func draft(gasPrice: BigUInt? = nil, maxFee: BigUInt? = nil, tip: BigUInt? = nil,
               accessList: [AccessListEntry]? = nil) -> TransactionDraft {
        TransactionDraft(chainID: 1, nonce: 0, to: Self.to, value: 1, gasLimit: 21000, gasPrice: gasPrice,
                         maxFeePerGas: maxFee, maxPriorityFeePerGas: tip, accessList: accessList)
    }

    @Test("the fee fields choose the envelope type")
    func envelope() throws {
        #expect(try draft(gasPrice: 1).build().type == .legacy)
        #expect(try draft(gasPrice: 1).build().chainID == 1)
        #expect(try draft(gasPrice: 1, accessList: []).build().type == .accessList)
        #expect(try draft(maxFee: 2, tip: 1).build().type == .dynamicFee)
        #expect(try draft(maxFee: 2, tip: 1, accessList: []).build().type == .dynamicFee)
    }

    @Test("incomplete, mixed or inverted fees are typed errors")
    func errors() {
        #expect(throws: TransactionDraftError.missingFees) { try draft().build() }
        #expect(throws: TransactionDraftError.mixedFeeModels) { try draft(gasPrice: 1, maxFee: 2).build() }
        #expect(throws: TransactionDraftError.incompleteDynamicFees) { try draft(maxFee: 2).build() }
        #expect(throws: TransactionDraftError.priorityAboveMaxFee) { try draft(maxFee: 1, tip: 2).build() }
    }

    @Test("signing then decoding gives back the transaction and the signer")
    func roundTrip() async throws {
        let key = PrivateKey.generate()
        let service = OfflineTransactions()
        for d in [draft(gasPrice: 7), draft(gasPrice: 7, accessList: [AccessListEntry(address: Self.to, storageKeys: [[UInt8](repeating: 1, count: 32)])]), draft(maxFee: 9, tip: 3)] {
            let signed = try await service.sign(d, with: KeySigner(key: key))
            let decoded = try service.decode(signed.signed.raw)
            #expect(decoded.signed.transaction == (try d.build()))
            #expect(decoded.from == key.address)
            #expect(decoded.hashHex == signed.hashHex)
        }
    }
}
