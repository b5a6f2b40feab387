import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Confirmation set")
struct ConfirmationSetTests {
    static let keys = SafeSignatureTests.keys
    static let hash = [UInt8](repeating: 7, count: 32)
    static var owner: Address { keys[0].address }

    static func ecdsa(_ i: Int = 0) throws -> SafeSignature { try SafeSignature.sign(safeTxHash: hash, with: keys[i]) }
    static func ethSign(_ i: Int = 0) throws -> SafeSignature {
        try SafeSignature.fromEthSign(try keys[i].sign(digest: PersonalMessage.hash(hash)).rsv, safeTxHash: hash)
    }

    @Test("a real signature replaces an approved-hash claim, and a claim never replaces a real signature")
    func claimThenReal() throws {
        let claim = SafeSignature.approvedHash(by: Self.owner), real = try Self.ecdsa()
        let upgraded = ConfirmationSet([claim]).merging([real])
        #expect(upgraded.set.signatures == [real] && upgraded.changed == [real])
        let kept = ConfirmationSet([real]).merging([claim])
        #expect(kept.set.signatures == [real] && kept.changed.isEmpty)
    }

    @Test("a contract signature is replaced by a longer one only, as its own owners sign")
    func contractGrows() {
        let child = Self.keys[2].address
        let short = SafeSignature.contract(owner: child, data: [UInt8](repeating: 1, count: 65))
        let long = SafeSignature.contract(owner: child, data: [UInt8](repeating: 2, count: 130))
        let grown = ConfirmationSet([short]).merging([long])
        #expect(grown.set.signatures == [long] && grown.changed == [long])
        let notShrunk = ConfirmationSet([long]).merging([short])
        #expect(notShrunk.set.signatures == [long] && notShrunk.changed.isEmpty)
        let sameLength = SafeSignature.contract(owner: child, data: [UInt8](repeating: 3, count: 130))
        #expect(ConfirmationSet([long]).merging([sameLength]).set.signatures == [long])
    }

    @Test("the same owner signing twice keeps the first real signature, in whichever form it came")
    func sameOwnerTwice() throws {
        let first = try Self.ecdsa(), second = try Self.ethSign()
        #expect(first.owner == second.owner && first != second)
        let merge = ConfirmationSet([first]).merging([second, first])
        #expect(merge.set.signatures == [first] && merge.changed.isEmpty)
        // A contract signature is no more than an EOA's: it never replaces one either.
        #expect(ConfirmationSet([first]).merging([.contract(owner: Self.owner, data: [9])]).set.signatures == [first])
    }

    @Test("a set built from a list settles repeated owners by the same rule, keeping first-confirmed order")
    func builtInOrder() throws {
        let a = try Self.ecdsa(0), b = try Self.ecdsa(1)
        let set = ConfirmationSet([.approvedHash(by: b.owner), a, b, .approvedHash(by: a.owner)])
        #expect(set.signatures == [b, a])
        let merge = ConfirmationSet().merging([.approvedHash(by: a.owner), a])
        #expect(merge.changed == [a], "an owner changed twice in one merge is written once, as it ends")
    }

    @Test("after an owner is swapped out, that owner's signature no longer counts, so the queue and execution agree")
    func swappedOwner() throws {
        let set = ConfirmationSet(try (0..<2).map { try Self.ecdsa($0) })
        let before = set.accepting(owners: [Self.keys[0].address, Self.keys[1].address]).count(threshold: 2)
        let after = set.accepting(owners: [Self.keys[0].address, Self.keys[2].address]).count(threshold: 2)
        #expect(before.isReady && before.confirmed == 2 && before.missing.isEmpty)
        #expect(!after.isReady && after.confirmed == 1 && after.missing == [Self.keys[2].address])
        #expect(set.accepting(owners: [Self.keys[2].address]).signatures.isEmpty)
    }

    @Test("each owner counts once, and a threshold beyond Int from a hostile node is simply not met")
    func onceAndHostileThreshold() throws {
        let sig = try Self.ecdsa()
        let twice = ConfirmationSet([sig, sig]).accepting(owners: [Self.keys[0].address, Self.keys[1].address]).count(threshold: 2)
        #expect(twice.confirmed == 1 && !twice.isReady)
        #expect(!ConfirmationSet([sig]).accepting(owners: [Self.owner]).count(threshold: BigUInt(1) << 200).isReady)
    }
}
