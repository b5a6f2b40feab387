import BigInt
import EthereumKit
import Networking
import Services

/// One transfer by the ID the listings give it (`GET /api/v1/transfer/{id}`): its transaction's
/// receipt names the log, the log the served Safe, and that Safe's transfers the one with this ID;
/// nil when no served Safe has it.
public struct ServedTransferLookup: CoSigningAction {
    public let id: String
    public init(id: String) { self.id = id }

    public func perform(on store: CoSigningStore) async throws -> ServedTransfer? {
        let (hash, logIndex) = try Self.parse(id)
        guard let receipt = try await store.chain.remote.transactionReceipt(hash: hash),
              let log = receipt.logs.first(where: { $0.logIndex == logIndex }) else { return nil }
        let served = Set(try await store.storage.servedSafes(chainID: try await store.chainID()).map(\.address))
        // An ether transfer's log is the Safe's own (`SafeReceived`, an execution); a token's names it as sender or receiver.
        var candidates = [log.address]
        if let (from, to, _, _) = SafeLedger.tokenTransfer(topics: log.topics, data: log.data) { candidates += [from, to] }
        for safe in candidates where served.contains(safe) {
            if let transfer = try await ServedActivity.read(safe, store: store).transfers.first(where: { $0.id == id }) { return transfer }
        }
        return nil
    }

    /// The transaction hash and log index an ID names: `e` + 64 hex digits + the log index, or `i`
    /// + 64 hex digits + the log index and, for ether a Safe sent, `,` + the call's place.
    static func parse(_ id: String) throws(CoSigningRefusal) -> (hash: [UInt8], logIndex: BigUInt) {
        let chars = Array(id.utf8)
        guard chars.count > 65, chars[0] == UInt8(ascii: "e") || chars[0] == UInt8(ascii: "i"),
              let hash = try? Hex.decode("0x" + String(decoding: chars[1...64], as: UTF8.self)) else { throw .malformedTransferID(id) }
        let rest = String(decoding: chars[65...], as: UTF8.self)
        let parts = rest.split(separator: ",", omittingEmptySubsequences: false)
        guard let index = parts.first.flatMap({ BigUInt(String($0)) }), parts.first?.allSatisfy(\.isASCIIDigit) == true,
              parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              chars[0] == UInt8(ascii: "i") || parts.count == 1 else { throw .malformedTransferID(id) }
        return (hash, index)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
