import BigInt
import EthereumKit
import SafeKit
import Testing

/// The events a simulated execution emits, decoded: the Safe's configuration events in both the
/// 1.3.0 (unindexed) and 1.4.1+ (indexed) layouts, token events with amounts and the balance
/// changes they add up to, and hostile logs read as "does not read", never trusted or trapping.
@Suite("The events a transaction emits, decoded")
struct SafeEventDecoderTests {
    static let safe = try! Address("0x1111111111111111111111111111111111111111")
    static let payee = try! Address("0x2222222222222222222222222222222222222222")
    static let token = try! Address("0x3333333333333333333333333333333333333333")
    static let decoder = SafeEventDecoder(safe: safe, names: SafeContractNames(), tokens: [token: ("TEST", 18)])

    static func topic(_ signature: String) -> [UInt8] { Keccak256.hash(Array(signature.utf8)) }
    static func word(_ a: Address) -> [UInt8] { [UInt8](repeating: 0, count: 12) + a.bytes }
    static func word(_ v: BigUInt) -> [UInt8] { v.word! }

    static func transfer(_ amount: BigUInt, from: Address, to: Address, token: Address = token) -> SafeEvent {
        decoder.decode(contract: token, topics: [topic("Transfer(address,address,uint256)"), word(from), word(to)], data: word(amount))
    }

    @Test("AddedOwner reads the same whether the owner is indexed (1.4.1) or in the data (1.3.0)")
    func ownerLayouts() {
        let indexed = Self.decoder.decode(contract: Self.safe, topics: [Self.topic("AddedOwner(address)"), Self.word(Self.payee)], data: [])
        let unindexed = Self.decoder.decode(contract: Self.safe, topics: [Self.topic("AddedOwner(address)")], data: Self.word(Self.payee))
        #expect(indexed == unindexed)
        #expect(indexed.kind == .addedOwner && indexed.severity == .notable)
        #expect(indexed.description == "the Safe: \(Self.payee.checksummed) becomes an owner (AddedOwner)")
    }

    @Test("beside an after-state that lists an owner change, the Safe's AddedOwner is said once, there; another contract's, or without one, every event stays")
    func eventsBeyondEffect() {
        let added = Self.decoder.decode(contract: Self.safe, topics: [Self.topic("AddedOwner(address)"), Self.word(Self.payee)], data: [])
        let threshold = Self.decoder.decode(contract: Self.safe, topics: [Self.topic("ChangedThreshold(uint256)")], data: Self.word(BigUInt(2)))
        let moved = Self.transfer(5, from: Self.safe, to: Self.payee)
        let emitted = SafeEmittedEvents.events([added, threshold, moved])
        let owners = SafeEffect.changes([SafeStateChange(.owners, .notable, "\(Self.payee.checksummed) becomes an owner")])
        #expect(emitted.beyond(owners, of: Self.safe) == [threshold, moved])
        #expect(emitted.beyond(.unavailable("no node"), of: Self.safe) == [added, threshold, moved])
        // A child Safe's AddedOwner in the same batch is not this Safe's change: it stays.
        let child = Self.decoder.decode(contract: Self.token, topics: [Self.topic("AddedOwner(address)"), Self.word(Self.payee)], data: [])
        #expect(SafeEmittedEvents.events([added, child]).beyond(owners, of: Self.safe) == [child])
        #expect(SafeEventKindCoverage.everyConfigurationEventHasAChange)
    }

    @Test("each configuration event is named with its severity", arguments: [
        ("RemovedOwner(address)", SafeEvent.Kind.removedOwner, SafeStateChange.Severity.notable, "is no longer an owner"),
        ("EnabledModule(address)", .enabledModule, .critical, "module 0x2222222222222222222222222222222222222222 is enabled"),
        ("DisabledModule(address)", .disabledModule, .notable, "is disabled"),
        ("ChangedGuard(address)", .changedGuard, .critical, "the transaction guard becomes"),
        ("ChangedModuleGuard(address)", .changedModuleGuard, .critical, "the module guard becomes"),
        ("ChangedFallbackHandler(address)", .changedFallbackHandler, .critical, "the fallback handler becomes"),
        ("ChangedMasterCopy(address)", .changedMasterCopy, .critical, "the singleton becomes"),
    ])
    func configuration(signature: String, kind: SafeEvent.Kind, severity: SafeStateChange.Severity, words: String) {
        let event = Self.decoder.decode(contract: Self.safe, topics: [Self.topic(signature), Self.word(Self.payee)], data: [])
        #expect(event.kind == kind && event.severity == severity)
        #expect(event.description.contains(words), "\(event.description)")
    }

    @Test("a guard removed is a warning, a threshold change says the new threshold")
    func guardRemovedAndThreshold() {
        let removed = Self.decoder.decode(contract: Self.safe, topics: [Self.topic("ChangedGuard(address)"), Self.word(Address.zero)], data: [])
        #expect(removed.severity == .warning && removed.description == "the Safe: the transaction guard becomes none (ChangedGuard)")
        let threshold = Self.decoder.decode(contract: Self.safe, topics: [Self.topic("ChangedThreshold(uint256)")], data: Self.word(BigUInt(1)))
        #expect(threshold.kind == .changedThreshold && threshold.description == "the Safe: the threshold becomes 1 (ChangedThreshold)")
    }

    @Test("an ERC-20 transfer of a known token is said in its units; an unknown token's in raw units")
    func transfers() throws {
        let known = Self.transfer(BigUInt(15) * BigUInt(10).power(17), from: Self.safe, to: Self.payee)
        #expect(known.kind == .transfer && known.severity == .info)
        #expect(known.description == "\(Self.token.checksummed) (TEST): 1.5 TEST moves from the Safe to \(Self.payee.checksummed) (Transfer)")
        #expect(known.transfer == .init(token: Self.token, from: Self.safe, to: Self.payee, amount: BigUInt(15) * BigUInt(10).power(17)))
        let other = try Address("0x4444444444444444444444444444444444444444")
        let unknown = Self.transfer(7, from: Self.safe, to: Self.payee, token: other)
        #expect(unknown.description.contains("7 units of \(other.checksummed)"))
    }

    @Test("an NFT transfer (four topics) names the token id and adds no balance change")
    func nft() {
        let event = Self.decoder.decode(contract: Self.token, topics: [Self.topic("Transfer(address,address,uint256)"), Self.word(Self.safe),
                                                                       Self.word(Self.payee), Self.word(BigUInt(42))], data: [])
        #expect(event.kind == .transfer && event.transfer == nil && event.description.contains("NFT #42 moves from the Safe"))
        #expect(Self.decoder.tokenChanges([event]).isEmpty)
    }

    @Test("an unlimited approval is critical, a bounded one a warning, ApprovalForAll critical")
    func approvals() {
        let approval = Self.topic("Approval(address,address,uint256)")
        let unlimited = Self.decoder.decode(contract: Self.token, topics: [approval, Self.word(Self.safe), Self.word(Self.payee)],
                                            data: [UInt8](repeating: 0xff, count: 32))
        #expect(unlimited.severity == .critical && unlimited.description.contains("lets \(Self.payee.checksummed) spend any amount"))
        let bounded = Self.decoder.decode(contract: Self.token, topics: [approval, Self.word(Self.safe), Self.word(Self.payee)], data: Self.word(BigUInt(10).power(18)))
        #expect(bounded.severity == .warning && bounded.description.contains("spend 1 TEST"))
        let all = Self.decoder.decode(contract: Self.token, topics: [Self.topic("ApprovalForAll(address,address,bool)"), Self.word(Self.safe), Self.word(Self.payee)],
                                      data: Self.word(BigUInt(1)))
        #expect(all.kind == .approvalForAll && all.severity == .critical)
    }

    @Test("transfers add up to each holder's net change, in order of first appearance; a round trip nets to nothing")
    func tokenChanges() {
        let third = try! Address("0x5555555555555555555555555555555555555555")
        let events = [Self.transfer(10, from: Self.safe, to: Self.payee), Self.transfer(4, from: Self.payee, to: third),
                      Self.transfer(3, from: third, to: Self.safe), Self.transfer(3, from: Self.safe, to: third)]
        let changes = Self.decoder.tokenChanges(events)
        #expect(changes.map(\.description) == [
            "the Safe's balance of \(Self.token.checksummed) (TEST) changes by -0.00000000000000001 TEST",
            "\(Self.payee.checksummed)'s balance of \(Self.token.checksummed) (TEST) changes by +0.000000000000000006 TEST",
            "\(third.checksummed)'s balance of \(Self.token.checksummed) (TEST) changes by +0.000000000000000004 TEST",
        ])
        #expect(changes.allSatisfy { $0.kind == .tokenBalance && $0.severity == .info })
        #expect(Self.decoder.tokenChanges([Self.transfer(5, from: Self.safe, to: Self.payee), Self.transfer(5, from: Self.payee, to: Self.safe)]).isEmpty)
    }

    @Test("execution records and unknown events are named; nothing is dropped")
    func executionAndUnknown() {
        let hash = [UInt8](repeating: 0xab, count: 32)
        let success = Self.decoder.decode(contract: Self.safe, topics: [SafeEvents.executionSuccess, hash], data: Self.word(BigUInt(0)))
        #expect(success.kind == .executionSuccess && success.description.contains(Hex.encode(hash)))
        let failure = Self.decoder.decode(contract: Self.safe, topics: [SafeEvents.executionFailure], data: hash + Self.word(BigUInt(0)))
        #expect(failure.kind == .executionFailure && failure.severity == .warning)
        let unknown = Self.decoder.decode(contract: Self.payee, topics: [Self.topic("Whatever(uint256)")], data: [1, 2, 3])
        #expect(unknown.kind == .other && unknown.description.contains("not decoded") && unknown.description.contains("3 bytes"))
        let anonymous = Self.decoder.decode(contract: Self.payee, topics: [], data: [])
        #expect(anonymous.kind == .other && anonymous.description.contains("an anonymous event"))
    }

    @Test("hostile logs: short, long, or with dirty address words, read as not being the event", arguments: [
        ([topic("AddedOwner(address)")], [UInt8]()),
        ([topic("AddedOwner(address)")], [UInt8](repeating: 0xff, count: 32)),
        ([topic("AddedOwner(address)"), word(payee)], word(payee)),
        ([topic("Transfer(address,address,uint256)"), word(safe)], [UInt8](repeating: 0, count: 64)),
        ([topic("Transfer(address,address,uint256)"), word(safe), word(payee)], [UInt8](repeating: 1, count: 31)),
        ([topic("ChangedThreshold(uint256)")], [UInt8](repeating: 9, count: 65)),
        ([SafeEvents.executionSuccess], [UInt8](repeating: 0, count: 10)),
    ])
    func hostile(topics: [[UInt8]], data: [UInt8]) {
        let event = Self.decoder.decode(contract: Self.token, topics: topics, data: data)
        #expect(event.kind == .other && event.severity == .warning && event.transfer == nil)
        #expect(event.description.contains("does not read as one"))
    }

    @Test("random logs never trap; each reads as one named event, a transfer only from a Transfer")
    func random() {
        var generator = SystemRandomNumberGenerator()
        let firsts = [Self.topic("Transfer(address,address,uint256)"), Self.topic("AddedOwner(address)"), Self.topic("Approval(address,address,uint256)"),
                      SafeEvents.executionSuccess, Self.topic("ApproveHash(bytes32,address)"), Self.topic("SafeReceived(address,uint256)")]
        for _ in 0..<2000 {
            let count = Int.random(in: 0...4, using: &generator)
            var topics = (0..<count).map { _ in (0..<32).map { _ in UInt8.random(in: 0...1, using: &generator) == 0 ? 0 : UInt8.random(in: 0...255, using: &generator) } }
            if !topics.isEmpty { topics[0] = firsts.randomElement(using: &generator)! }
            let data = (0..<Int.random(in: 0...100, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let event = Self.decoder.decode(contract: Self.token, topics: topics, data: data)
            #expect(event.description.hasPrefix("\(Self.token.checksummed) (TEST): "))
            #expect(event.transfer == nil || (event.kind == .transfer && topics.count == 3 && data.count == 32))
        }
    }
}

/// Every Safe configuration event names the after-state change it records, so none is dropped or doubled.
enum SafeEventKindCoverage {
    static var everyConfigurationEventHasAChange: Bool {
        let configuration: [SafeEvent.Kind] = [.addedOwner, .removedOwner, .changedThreshold, .enabledModule, .disabledModule, .changedGuard,
                                               .changedModuleGuard, .changedFallbackHandler, .changedMasterCopy]
        return configuration.allSatisfy { $0.stateChange != nil }
            && SafeEvent.Kind.allCases.filter { !configuration.contains($0) }.allSatisfy { $0.stateChange == nil }
    }
}
