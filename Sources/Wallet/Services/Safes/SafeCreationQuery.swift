import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit

/// How a Safe was created, as the chain tells it (the official service's `creation/`).
public struct SafeCreation: Sendable, Equatable {
    /// The creation block's time.
    public let created: Date
    /// Who sent the creation transaction.
    public let creator: Address
    public let transactionHash: [UInt8]
    /// The factory that deployed the proxy, or the contract the creation transaction called.
    public let factory: Address
    /// The singleton the proxy was created with; nil when no `ProxyCreation` log names it.
    public let singleton: Address?
    /// The `setup` call and the salt nonce, when the sender called the factory itself or through
    /// MultiSend; nil when the call went through another contract, which only a trace would show.
    public let setupData: [UInt8]?
    public let saltNonce: BigUInt?
    /// The factory call's input, as `setupData` is known: which factory function, which the salt
    /// depends on; nil otherwise.
    public let factoryInput: [UInt8]?
}

/// Finds a Safe's creation from logs, without a trace API: the first block with its code (a
/// search over old state), its `SafeSetup` log there, then the transaction, receipt and block in
/// one round trip.
public enum SafeCreationQuery {
    /// The Safe's creation; nil when it has no code or emitted no `SafeSetup` (before Safe 1.3.0).
    /// `found` is the creation block when the caller knows it already.
    public static func read(_ safe: Address, remote: EthereumRemote, found: BigUInt? = nil) async throws(NetworkError) -> SafeCreation? {
        let r = EthereumRemote.Requests.self
        let known: BigUInt?
        if let found { known = found } else { known = try await remote.creationBlock(of: safe, latest: try await remote.blockNumber()) }
        guard let block = known else { return nil }
        let setup = try await remote.send(r.logs(LogFilter(fromBlock: .number(block), toBlock: .number(block), address: [safe],
                                                           topics: [[SafeCreationCall.safeSetup]])))
        guard let hash = setup.first(where: { $0.isFact(from: [safe]) })?.transactionHash else { return nil }
        let (sent, receipt, mined) = try await remote.batch(r.transaction(hash: hash), r.transactionReceipt(hash: hash), r.block(.number(block)))
        guard let transaction = try unwrap(sent), let receipt = try unwrap(receipt), let header = try unwrap(mined) else { return nil }
        let created = receipt.logs.lazy.compactMap { (log: Log) -> (log: Log, call: (proxy: Address, singleton: Address))? in
            guard log.isFact(from: nil) else { return nil }
            return SafeCreationCall.proxyCreated(topics: log.topics, data: log.data).map { (log, $0) }
        }.first { $0.call.proxy == safe }
        let factoryInput = created.flatMap { SafeCreationCall.factoryInput(to: transaction.to, input: transaction.input, factory: $0.log.address) }
        let direct = factoryInput.flatMap(SafeCreationCall.factoryCall)
        return SafeCreation(created: Date(timeIntervalSince1970: TimeInterval(header.timestamp)), creator: transaction.from, transactionHash: hash,
                            factory: created?.log.address ?? transaction.to ?? .zero, singleton: created?.call.singleton ?? direct?.singleton,
                            setupData: direct?.initializer, saltNonce: direct?.saltNonce, factoryInput: direct == nil ? nil : factoryInput)
    }

    private static func unwrap<T>(_ answer: Result<T?, any Error>) throws(NetworkError) -> T? {
        do { return try answer.get() } catch let error as NetworkError { throw error } catch { throw .invalidResponse("\(error)") }
    }
}
