import EthereumKit

/// The events by which an address becomes a Safe's owner: `SafeSetup` names the first owners,
/// `AddedOwner` each one added later (a swap included). They only nominate: any contract can
/// emit them, so whoever reads them checks the Safe on chain before believing one.
public enum SafeOwnerEvents {
    /// `AddedOwner(address owner)`: the owner indexed from 1.4.1, in the data before.
    public static let addedOwner = Keccak256.hash(Array("AddedOwner(address)".utf8))

    /// The topics to filter logs by, either event.
    public static var topics: [[UInt8]] { [SafeCreationCall.safeSetup, addedOwner] }

    /// The owners a `SafeSetup` or `AddedOwner` log names; empty for any other log or malformed data.
    public static func owners(topics: [[UInt8]], data: [UInt8]) -> [Address] {
        switch topics.first {
        case addedOwner?:
            if topics.count >= 2 { return [Address(word: topics[1])] }
            guard case .address(let owner)? = try? ABIDecoder.decode(.address, from: data) else { return [] }
            return [owner]
        case SafeCreationCall.safeSetup?:
            // (address[] owners, uint256 threshold, address initializer, address fallbackHandler); the initiator is indexed.
            guard let values = try? ABIDecoder.decode([.array(.address), .uint(bits: 256), .address, .address], from: data),
                  case .array(let owners) = values[0] else { return [] }
            return owners.compactMap { if case .address(let owner) = $0 { owner } else { nil } }
        default:
            return []
        }
    }
}
