import BigInt
import EthereumKit
import Networking
import SafeKit

/// The ERC-721 tokens a served Safe holds, oldest arrival first: the tokens its `Transfer` logs
/// brought in and did not take out again, each one kept only where the contract's `ownerOf` still
/// names the Safe (a log is the contract's word; its state is the fact), with its `tokenURI`.
public struct ServedCollectibles: CoSigningAction {
    public let safe: Address
    public init(safe: Address) { self.safe = safe }

    public func perform(on store: CoSigningStore) async throws -> [ServiceWireCollectible] {
        let transfers = try await ServedActivity.read(safe, store: store).transfers.filter { $0.kind == .erc721 }
        var held: [(transfer: ServedTransfer, token: Address, id: BigUInt)] = []
        for transfer in transfers {
            guard let token = transfer.token, let id = transfer.tokenID else { continue }
            held.removeAll { $0.token == token && $0.id == id }
            if transfer.to == safe { held.append((transfer, token, id)) }
        }
        guard !held.isEmpty else { return [] }
        let r = EthereumRemote.Requests.self
        let answers = try await store.chain.remote.batch(held.flatMap { [r.call(CallRequest(to: $0.token, data: ERC721.ownerOf($0.id))),
                                                                         r.call(CallRequest(to: $0.token, data: ERC721.tokenURI($0.id)))] })
        return held.enumerated().compactMap { n, token in
            guard (try? answers[2 * n].get()).flatMap(ERC721.decodeOwner) == safe else { return nil }
            let uri = (try? answers[2 * n + 1].get()).flatMap { try? ERC20.decodeString($0) }
            return ServiceWireCollectible(address: token.token, tokenName: token.transfer.metadata?.name, tokenSymbol: token.transfer.metadata?.symbol,
                                          id: token.id, uri: uri)
        }
    }
}
