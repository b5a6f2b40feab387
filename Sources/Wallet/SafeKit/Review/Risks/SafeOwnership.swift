import BigInt
import EthereumKit

/// Which Safes own which, as far as a review read them: enough to tell whether a Safe can still
/// gather its threshold, and whether Safes own each other in a cycle. Every address that is not
/// a Safe here (a key, or a contract the review did not read as a Safe) is taken to be able to sign.
public struct SafeOwnership: Sendable, Equatable {
    /// One Safe's owners and threshold.
    public struct Node: Sendable, Equatable {
        public let owners: [Address]
        public let threshold: BigUInt

        /// A Safe's owners and threshold.
        public init(owners: [Address], threshold: BigUInt) {
            self.owners = owners
            self.threshold = threshold
        }
    }

    /// The Safes read, by address.
    public var safes: [Address: Node]

    /// A graph of `safes`.
    public init(_ safes: [Address: Node] = [:]) { self.safes = safes }

    /// The Safes that can gather their threshold if every key signs: a Safe signs only once
    /// enough of its owners can, so Safes that need each other never do (the least fixed point).
    public func signingSafes() -> Set<Address> {
        var signing = Set<Address>()
        var changed = true
        while changed {
            changed = false
            for (safe, node) in safes where !signing.contains(safe) {
                let able = node.owners.filter { safes[$0] == nil || signing.contains($0) }.count
                if BigUInt(able) >= node.threshold && node.threshold > 0 {
                    signing.insert(safe)
                    changed = true
                }
            }
        }
        return signing
    }

    /// A cycle of ownership through `safe`, as `[safe, owner, …, safe]`; nil when there is none.
    public func cycle(through safe: Address) -> [Address]? {
        var path: [Address] = [safe], visited = Set<Address>()
        func walk(_ at: Address) -> [Address]? {
            for owner in safes[at]?.owners ?? [] where safes[owner] != nil {
                if owner == safe { return path + [safe] }
                guard visited.insert(owner).inserted else { continue }
                path.append(owner)
                if let found = walk(owner) { return found }
                path.removeLast()
            }
            return nil
        }
        return walk(safe)
    }

    /// The risks for `safe` after a change of its owners or threshold: that it can never reach
    /// its threshold, that it is in a cycle of Safes, and that `owned` (Safes it is an owner of)
    /// can then never reach theirs.
    public func risks(for safe: Address, owned: [Address]) -> [SafeRisk] {
        var risks: [SafeRisk] = []
        let signing = signingSafes()
        if let node = safes[safe], !signing.contains(safe) {
            let able = node.owners.filter { safes[$0] == nil || signing.contains($0) }.count
            risks.append(SafeRisk("unreachable-threshold", .critical,
                                  "after this transaction the Safe can never gather \(node.threshold) signatures: only \(able) of its \(node.owners.count) owners can sign, the others are Safes that would need this Safe"))
        }
        if let cycle = cycle(through: safe) {
            risks.append(SafeRisk("ownership-cycle", .warning,
                                  "Safes own each other in a cycle: \(cycle.map(\.checksummed).joined(separator: " → "))"))
        }
        for parent in owned where safes[parent] != nil && !signing.contains(parent) {
            risks.append(SafeRisk("owned-safe-unreachable", .critical,
                                  "the Safe \(parent.checksummed), which this Safe is an owner of, could then never reach its threshold"))
        }
        return risks
    }
}
