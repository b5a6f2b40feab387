import BigInt
import CoSigning
import SafeKit

/// One chain a server serves: its co-signing store, its ID, and the names its paths may start
/// with (`/{name}/api/…`): the chain's Safe short name (`sep`, `base`) and the network's own name.
public struct ServedChain: Sendable {
    public let store: CoSigningStore
    public let chainID: BigUInt
    /// Lowercase, the short name first.
    public let names: [String]

    /// `store`'s chain, its ID asked of the node once.
    public static func of(_ store: CoSigningStore) async throws -> ServedChain {
        let chainID = try await store.dispatch(ServedChainID())
        let names = [SafeChainShortNames.shortName(chainID), store.chain.network?.name].compactMap { $0?.lowercased() }
        return ServedChain(store: store, chainID: chainID, names: names.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
    }

    /// How an answer names it: `sep (chain 11155111)`.
    public var described: String { "\(names.first ?? "chain") (chain \(chainID))" }
}

/// The chains one server serves, the first the default for paths without a chain's name.
public struct ServedChains: Sendable {
    public let all: [ServedChain]

    /// `chains`, which must be one or more, each chain once.
    public init(_ chains: [ServedChain]) throws(ServedChainsError) {
        guard !chains.isEmpty else { throw .none }
        var seen = Set<BigUInt>()
        for chain in chains where !seen.insert(chain.chainID).inserted { throw .twice(chain.chainID) }
        all = chains
    }

    /// The default chain.
    public var first: ServedChain { all[0] }

    /// Where in `all` the chain `name` names is (a short or network name, any case); nil for none.
    public func index(named name: some StringProtocol) -> Int? { all.firstIndex { $0.names.contains(name.lowercased()) } }

    /// Where in `all` the chain with `chainID` is; nil for none.
    public func index(ofChainID chainID: BigUInt) -> Int? { all.firstIndex { $0.chainID == chainID } }

    /// Every chain, as a refusal names them: `sep (chain 11155111), base (chain 8453)`.
    public var described: String { all.map(\.described).joined(separator: ", ") }
}

/// Why a set of chains cannot be served.
public enum ServedChainsError: Error, CustomStringConvertible {
    case none
    case twice(BigUInt)

    public var description: String {
        switch self {
        case .none: "give at least one network to serve"
        case .twice(let chainID): "chain \(chainID) is given twice; give each network once"
        }
    }
}
