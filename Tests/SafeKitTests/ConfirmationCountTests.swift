import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Confirmation count")
struct ConfirmationCountTests {
    static let keys = SafeSignatureTests.keys
    static let hash = [UInt8](repeating: 7, count: 32)

    @Test("after an owner is swapped out, that owner's signature no longer counts, so the queue and execution agree")
    func swappedOwner() throws {
        // Given signatures by owners 0 and 1 of a 2-of-2, and then owner 1 swapped for owner 2
        let sigs = try Self.keys.prefix(2).map { try SafeSignature.sign(safeTxHash: Self.hash, with: $0) }
        let before = ConfirmationCount(signatures: sigs, owners: [Self.keys[0].address, Self.keys[1].address], threshold: 2)
        let after = ConfirmationCount(signatures: sigs, owners: [Self.keys[0].address, Self.keys[2].address], threshold: 2)
        // Then only current owners count
        #expect(before.isReady && before.confirmed == 2 && before.missing.isEmpty)
        #expect(!after.isReady && after.confirmed == 1 && after.missing == [Self.keys[2].address])
    }

    @Test("each owner counts once, and a threshold beyond Int from a hostile node is simply not met")
    func onceAndHostileThreshold() throws {
        let sig = try SafeSignature.sign(safeTxHash: Self.hash, with: Self.keys[0])
        let twice = ConfirmationCount(signatures: [sig, sig], owners: [Self.keys[0].address, Self.keys[1].address], threshold: 2)
        #expect(twice.confirmed == 1 && !twice.isReady)
        let hostile = ConfirmationCount(signatures: [sig], owners: [Self.keys[0].address], threshold: BigUInt(1) << 200)
        #expect(!hostile.isReady)
    }
}
