import BigInt
import Foundation
import Services
import Testing

@Suite("Proposers (delegates): who may add and remove one, and the signature the service checks")
struct SafeDelegateRulesTests {
    // Hardhat dev keys 0 and 1: public and throwaway.
    static let owner = try! PrivateKey(hex: "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
    static let bot = try! PrivateKey(hex: "59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8412f4603b6b78690d")
    static let safe = Address(word: [UInt8](repeating: 0x5a, count: 32))
    static let other = Address(word: [UInt8](repeating: 0x22, count: 32))
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("an addition is refused when the delegator is no owner, the delegate is the delegator, the label is blank, the expiry past")
    func additionRules() throws {
        let owners = [Self.owner.address]
        func check(_ delegate: Address, _ delegator: Address, label: String = "bot", expiry: Date? = nil) throws(SafeDelegateError) {
            try SafeDelegateRules.checkAddition(delegate: delegate, delegator: delegator, label: label, expiry: expiry, owners: owners,
                                                safe: Self.safe, now: Self.now)
        }
        try check(Self.bot.address, Self.owner.address, expiry: Self.now.addingTimeInterval(60))
        #expect(throws: SafeDelegateError.delegatorNotOwner(delegator: Self.other, safe: Self.safe)) { try check(Self.bot.address, Self.other) }
        #expect(throws: SafeDelegateError.selfDelegation(Self.owner.address)) { try check(Self.owner.address, Self.owner.address) }
        #expect(throws: SafeDelegateError.missingLabel) { try check(Self.bot.address, Self.owner.address, label: " \n") }
        #expect(throws: SafeDelegateError.expiryPassed(Self.now)) { try check(Self.bot.address, Self.owner.address, expiry: Self.now) }
    }

    @Test("the signature is the delegator's over the service's Delegate message for this hour, as the server's check reads it")
    func signature() async throws {
        let sig = try await SafeDelegateRules.sign(delegate: Self.bot.address, chainID: 31337, with: KeySigner(key: Self.owner), at: Self.now)
        let digest = { (totp: BigUInt) in ServiceAuthorization.delegateDigest(delegate: Self.bot.address, chainID: 31337, totp: totp) }
        #expect(ServiceAuthorization.isSigned(sig, byAnyOf: [Self.owner.address], at: Self.now, message: digest))
        #expect(ServiceAuthorization.isSigned(sig, byAnyOf: [Self.owner.address], at: Self.now.addingTimeInterval(3600), message: digest))
        #expect(!ServiceAuthorization.isSigned(sig, byAnyOf: [Self.owner.address], at: Self.now.addingTimeInterval(3 * 3600), message: digest),
                "a signature is good for its hour and the next only")
        let elsewhere = { (totp: BigUInt) in ServiceAuthorization.delegateDigest(delegate: Self.bot.address, chainID: 1, totp: totp) }
        #expect(!ServiceAuthorization.isSigned(sig, byAnyOf: [Self.owner.address], at: Self.now, message: elsewhere), "another chain's message")
        #expect(!ServiceAuthorization.isSigned(sig, byAnyOf: [Self.bot.address], at: Self.now, message: digest))
    }

    @Test("a removal takes the Safe's own delegation first, else the owner-wide one, and only one the signer gave or is")
    func removal() {
        let scoped = SafeDelegate(safe: Self.safe, delegate: Self.bot.address, delegator: Self.owner.address, label: "a", expiry: nil)
        let wide = SafeDelegate(safe: nil, delegate: Self.bot.address, delegator: Self.owner.address, label: "b", expiry: nil)
        let othersSafe = SafeDelegate(safe: Self.other, delegate: Self.bot.address, delegator: Self.owner.address, label: "c", expiry: nil)
        let byOther = SafeDelegate(safe: Self.safe, delegate: Self.bot.address, delegator: Self.other, label: "d", expiry: nil)
        #expect(SafeDelegateRules.removal(of: [wide, scoped], by: Self.owner.address, safe: Self.safe, ownerWide: false) == scoped)
        #expect(SafeDelegateRules.removal(of: [wide, scoped], by: Self.owner.address, safe: Self.safe, ownerWide: true) == wide)
        #expect(SafeDelegateRules.removal(of: [othersSafe, wide], by: Self.owner.address, safe: Self.safe, ownerWide: false) == wide)
        #expect(SafeDelegateRules.removal(of: [othersSafe], by: Self.owner.address, safe: Self.safe, ownerWide: false) == nil)
        #expect(SafeDelegateRules.removal(of: [byOther], by: Self.owner.address, safe: Self.safe, ownerWide: false) == nil, "another owner's delegation")
        #expect(SafeDelegateRules.removal(of: [byOther], by: Self.bot.address, safe: Self.safe, ownerWide: false) == byOther, "the delegate removes itself")
    }

    @Test("a delegation lets its delegate propose to the Safe only while its delegator owns it and it has not expired")
    func lets() {
        let owners = [Self.owner.address]
        let wide = SafeDelegate(safe: nil, delegate: Self.bot.address, delegator: Self.owner.address, label: "b", expiry: Self.now.addingTimeInterval(1))
        #expect(wide.lets(propose: Self.safe, owners: owners, at: Self.now))
        #expect(!wide.lets(propose: Self.safe, owners: owners, at: Self.now.addingTimeInterval(1)))
        #expect(!wide.lets(propose: Self.safe, owners: [Self.other], at: Self.now))
        let othersSafe = SafeDelegate(safe: Self.other, delegate: Self.bot.address, delegator: Self.owner.address, label: "c", expiry: nil)
        #expect(!othersSafe.lets(propose: Self.safe, owners: owners, at: Self.now))
    }

    @Test("the refusals name no flag and no command")
    func neutralWords() {
        let errors: [SafeDelegateError] = [.delegatorNotOwner(delegator: Self.other, safe: Self.safe), .selfDelegation(Self.other), .missingLabel,
                                           .expiryPassed(Self.now), .noSuchDelegate(delegate: Self.other, signer: Self.other, safe: Self.safe),
                                           .notOwnerOrDelegate(signer: Self.other, safe: Self.safe)]
        for e in errors { #expect(FrontEndNeutralErrorTests.frontEndWords(e.description) == nil, "\(e)") }
    }
}
