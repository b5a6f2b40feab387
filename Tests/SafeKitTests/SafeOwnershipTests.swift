import BigInt
import EthereumKit
import SafeKit
import Testing

/// Nested Safes: a Safe signs once enough of its owners can; Safes that need each other never do.
@Suite("Nested Safes: reaching the threshold, and cycles")
struct SafeOwnershipTests {
    static let (a, b, c) = (try! Address("0x000000000000000000000000000000000000000a"), try! Address("0x000000000000000000000000000000000000000b"),
                            try! Address("0x000000000000000000000000000000000000000c"))
    static let (s, n, p) = (try! Address("0x5000000000000000000000000000000000000005"), try! Address("0x6000000000000000000000000000000000000006"),
                            try! Address("0x7000000000000000000000000000000000000007"))

    @Test("a Safe owned by keys, or by a Safe its keys can run, can sign")
    func reachable() {
        let graph = SafeOwnership([Self.s: .init(owners: [Self.a, Self.n], threshold: 2), Self.n: .init(owners: [Self.b, Self.c], threshold: 2)])
        #expect(graph.signingSafes() == [Self.s, Self.n])
        #expect(graph.risks(for: Self.s, owned: []).isEmpty)
    }

    @Test("two Safes that need each other never sign: unreachable, a cycle, and the Safe it owns is stranded too")
    func cycleUnreachable() throws {
        let graph = SafeOwnership([Self.s: .init(owners: [Self.a, Self.n], threshold: 2), Self.n: .init(owners: [Self.s], threshold: 1),
                                   Self.p: .init(owners: [Self.s, Self.b], threshold: 2)])
        #expect(graph.signingSafes().isEmpty)
        let risks = graph.risks(for: Self.s, owned: [Self.p])
        #expect(risks.map(\.name) == ["unreachable-threshold", "ownership-cycle", "owned-safe-unreachable"])
        #expect(risks[0].message.contains("only 1 of its 2 owners can sign") && risks[0].severity == .critical)
        #expect(risks[1].message == "Safes own each other in a cycle: \(Self.s.checksummed) → \(Self.n.checksummed) → \(Self.s.checksummed)")
        #expect(risks[2].message.contains(Self.p.checksummed))
    }

    @Test("a cycle the keys can still break is only a warning: the Safes still sign")
    func cycleReachable() {
        let graph = SafeOwnership([Self.s: .init(owners: [Self.a, Self.b, Self.n], threshold: 2), Self.n: .init(owners: [Self.s, Self.c], threshold: 1)])
        #expect(graph.signingSafes() == [Self.s, Self.n])
        #expect(graph.risks(for: Self.s, owned: [Self.n]).map(\.name) == ["ownership-cycle"])
    }
}
