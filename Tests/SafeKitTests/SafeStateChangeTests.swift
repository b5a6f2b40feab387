import BigInt
import EthereumKit
import SafeKit
import Testing

/// What the review says a transaction changes, from two readings of the probe: each change once,
/// in words a signer can check, the most severe first.
@Suite("The Safe after the transaction: changes in words")
struct SafeStateChangeTests {
    static let owners = (1...3).map { try! Address(bytes: [UInt8](repeating: 0, count: 19) + [UInt8($0)]) }
    static let singleton = SafeDeployments.safeL2Singleton
    static let names = SafeContractNames()

    /// The probe's answer for a Safe in this state.
    static func answer(singleton: Address = singleton, threshold: BigUInt = 2, nonce: BigUInt = 7, guardAddress: Address = .zero,
                       fallbackHandler: Address = SafeDeployments.fallbackHandler, balance: BigUInt = 10, balances: [BigUInt] = [0, 0],
                       owners: [Address] = owners, modules: [Address] = []) -> [UInt8] {
        func word(_ v: BigUInt) -> [UInt8] { let b = v.serialize(); return [UInt8](repeating: 0, count: 32 - b.count) + b }
        func word(_ a: Address) -> [UInt8] { [UInt8](repeating: 0, count: 12) + a.bytes }
        var out = word(singleton) + word(BigUInt(owners.count)) + word(threshold) + word(nonce) + word(guardAddress) + word(fallbackHandler)
        out += word(Address.zero) + word(balance)
        out += word(BigUInt(owners.count)) + owners.flatMap(word) + word(BigUInt(modules.count)) + modules.flatMap(word)
        out += word(BigUInt(balances.count)) + balances.flatMap(word)
        return out
    }

    /// The two addresses the probe watched in these answers.
    static let watched = [owners[0], owners[2]]

    static func changes(_ after: [UInt8]) throws -> [SafeStateChange] {
        let before = try #require(SafeStateSnapshot(probeAnswer: answer()))
        return SafeStateChange.between(before, try #require(SafeStateSnapshot(probeAnswer: after)), watched: watched, name: names.name)
    }

    @Test("the probe's answer reads back field for field")
    func reads() throws {
        let s = try #require(SafeStateSnapshot(probeAnswer: Self.answer(modules: [Self.owners[0]])))
        #expect(s.singleton == Self.singleton && s.threshold == 2 && s.nonce == 7 && s.ownerCount == 3 && s.balance == 10)
        #expect(s.owners == Self.owners && s.modules == [Self.owners[0]] && s.fallbackHandler == SafeDeployments.fallbackHandler && !s.listsCut)
        #expect(s.balances == [0, 0])
        #expect(SafeStateSnapshot(probeAnswer: Self.answer() + [UInt8](repeating: 0, count: 32)) == nil, "a word beyond the lists")
    }

    @Test("each watched address whose balance moves is named with the amount, in the order watched")
    func watchedBalances() throws {
        let c = try Self.changes(Self.answer(balance: 7, balances: [2, 1]))
        #expect(c.map(\.description) == ["the Safe's balance changes by -0.000000000000000003 ETH",
                                         "\(Self.owners[0].checksummed)'s balance changes by +0.000000000000000002 ETH",
                                         "\(Self.owners[2].checksummed)'s balance changes by +0.000000000000000001 ETH"])
    }

    @Test("nothing changed: no change")
    func none() throws { #expect(try Self.changes(Self.answer()).isEmpty) }

    @Test("a new singleton is critical and named from and to")
    func singletonChange() throws {
        let evil = try Address("0x5a3b000000000000000000000000000000000bad")
        let c = try Self.changes(Self.answer(singleton: evil))
        #expect(c == [SafeStateChange(.singleton, .critical, "the Safe's singleton changes from \(Self.singleton.checksummed) (Safe 1.4.1 L2) to "
                                      + "\(evil.checksummed) (unknown contract): the Safe will run that contract's code")])
    }

    @Test("the most severe first: an enabled module and a new guard before an owner swap, the balance last")
    func ordering() throws {
        let module = try Address("0x00000000000000000000000000000000000000aa")
        let guardAddress = try Address("0x00000000000000000000000000000000000000bb")
        let newOwner = try Address("0x00000000000000000000000000000000000000cc")
        let c = try Self.changes(Self.answer(guardAddress: guardAddress, balance: 9, owners: [Self.owners[0], Self.owners[1], newOwner], modules: [module]))
        #expect(c.map(\.kind) == [.modules, .guardAddress, .owners, .owners, .balance])
        #expect(c.map(\.severity) == [.critical, .critical, .notable, .notable, .info])
        #expect(c[2].description == "\(newOwner.checksummed) becomes an owner" && c[3].description == "\(Self.owners[2].checksummed) is no longer an owner")
        #expect(c[4].description == "the Safe's balance changes by -0.000000000000000001 ETH")
    }

    @Test("a threshold of 1 with other owners is critical; a nonce rewritten by the call is critical")
    func thresholdAndNonce() throws {
        let c = try Self.changes(Self.answer(threshold: 1, nonce: 100))
        #expect(c.map(\.description) == ["the Safe's nonce is rewritten from 7 to 100, beyond the execution's own increment",
                                         "the threshold changes from 2 of 3 to 1 of 3: one owner alone can then move everything"])
        #expect(c.allSatisfy { $0.severity == .critical })
    }

    @Test("the probe is placed at an address without a key, and its code is built once with every jump on a JUMPDEST")
    func probeCode() {
        let code = SafeStateProbe.code
        var i = 0, jumpDests = Set<Int>(), targets: [Int] = []
        while i < code.count {
            let op = code[i]
            if op == 0x5b { jumpDests.insert(i) }
            if op == 0x61, i + 3 < code.count, code[i + 3] == 0x56 || code[i + 3] == 0x57 { targets.append(Int(code[i + 1]) << 8 | Int(code[i + 2])) }
            i += (0x60...0x7f).contains(op) ? Int(op) - 0x5e : 1
        }
        #expect(!targets.isEmpty && targets.allSatisfy(jumpDests.contains))
        #expect(SafeStateProbe.address != .zero && SafeStateProbe.code == code)
    }
}
