import BifrostServer
import BigInt
import CoSigning
import Foundation
import Logging
import Networking
import Services

/// A co-signing server in this process on a free loopback port, until `stop`; the integration
/// tests' handle on `bifrost serve`.
final class ServingCoSigner: Sendable {
    let url: URL
    /// The bound port.
    var port: Int { url.port ?? 0 }
    let task: Task<Void, any Error>

    /// Serves `store`'s co-signing actions; by default without following the chain, so tests step the follower themselves.
    convenience init(_ store: CoSigningStore, settings: ServeSettings = ServeSettings(port: 0, followEvery: nil),
                     logger: Logger = CoSigningServer.defaultLogger) async throws {
        try await self.init(chains: try ServedChains([try await ServedChain.of(store)]), settings: settings, logger: logger)
    }

    /// Serves every chain of `chains` from one server, as `bifrost serve --network A --network B` does.
    init(chains: ServedChains, settings: ServeSettings = ServeSettings(port: 0, followEvery: nil),
         logger: Logger = CoSigningServer.defaultLogger) async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        task = Task { try await CoSigningServer.run(chains: chains, settings: settings, logger: logger) { continuation.yield($0) } }
        var iterator = stream.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        url = URL(string: "http://127.0.0.1:\(port)")!
    }

    func stop() { task.cancel() }

    /// One request; the status, the JSON body (null when none) and the headers.
    @discardableResult
    func send(_ method: String, _ path: String, _ body: String? = nil, headers: [String: String] = [:]) async throws
        -> (status: Int, json: JSONValue, headers: [String: String]) {
        let request = HTTPRequest(method: method, url: URL(string: url.absoluteString + path)!,
                                  headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array((body ?? "").utf8))
        let response = try await LiveNetwork.shared.send(request)
        return (response.status, (try? JSONParser.parse(response.body)) ?? .null, response.headers)
    }

    /// The official proposal body for `tx`, from the owner `key` and signed by it.
    static func proposal(_ tx: SafeTx, signedBy key: PrivateKey) throws -> String {
        try proposal(tx, sender: key.address, signature: try SafeSignature.sign(safeTxHash: try tx.hash(), with: key).bytes)
    }

    /// The official proposal body for `tx`, from `sender`, with `signature` (packed) or none.
    static func proposal(_ tx: SafeTx, sender: Address, signature: [UInt8]?, hash: [UInt8]? = nil) throws -> String {
        let sig = signature.map { "\"\(Hex.encode($0))\"" } ?? "null"
        let stated = try hash ?? tx.hash()
        return #"{"to": "\#(tx.to.checksummed)", "value": "\#(tx.value)", "data": \#(tx.data.isEmpty ? "null" : "\"\(Hex.encode(tx.data))\""), "operation": \#(tx.operation.rawValue), "safeTxGas": "0", "baseGas": "0", "gasPrice": "0", "gasToken": null, "refundReceiver": null, "nonce": \#(tx.nonce), "contractTransactionHash": "\#(Hex.encode(stated))", "sender": "\#(sender.checksummed)", "signature": \#(sig), "origin": "test"}"#
    }
}
