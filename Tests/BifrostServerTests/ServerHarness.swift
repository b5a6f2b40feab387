import BifrostServer
import BigInt
import CoSigning
import CoSigningTestSupport
import Foundation
import Hummingbird
import Logging
import NIOEmbedded
import Networking
import NetworkingTesting
import Services

/// `bifrost serve`'s real router over a co-signing store serving a 2-of-3 Safe on a mock node, with
/// storage in memory; requests go straight to the responder, so a suite runs in well under a second.
struct ServerHarness: Sendable {
    /// Hardhat dev keys 0–3: public throwaway keys. 0–2 own the Safe; 3 does not.
    static let keys = [
        "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
        "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
        "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9ad5ceb3ab82a",
        "7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
    ].map { try! PrivateKey(hex: $0) }
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let chainID: BigUInt = 11_155_111

    let responder: any HTTPResponder<BasicRequestContext>
    let home: URL

    /// The 2-of-3 Safe the mock node answers for, at nonce 3.
    static var node: MockSafeNode { MockSafeNode(chainID: chainID, owners: keys.prefix(3).map(\.address), threshold: 2, nonce: 3) }

    /// A server with `settings` (write keys, CORS) over a fresh store of `backend` (SQLite in
    /// memory by default), for the Safe `safe` describes, made as `bifrost serve` makes it.
    static func make(settings: ServeSettings = ServeSettings(port: 0, followEvery: nil), backend: CoSigningBackend = .sqlite,
                     safe: MockSafeNode = node) async throws -> ServerHarness {
        let node = MockNetwork()
        node.serve(safe)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-serve-unit-\(UUID().uuidString)")
        let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: node)
        let store = CoSigningStore(storage: try await backend.makeStorage(), chain: try await services.connect(ChainSelection(rpcURL: "http://node.invalid")))
        _ = try await store.dispatch(ServedChainID())
        return ServerHarness(responder: CoSigningServer.responder(store: store, settings: settings), home: home)
    }

    func remove() { try? FileManager.default.removeItem(at: home) }

    /// One request through the router: the status, the JSON body (null when none or not JSON) and the headers.
    func send(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil, headers: HTTPFields = [:]) async throws
        -> (status: Int, json: JSONValue, headers: HTTPFields) {
        var fields = headers
        fields[.contentType] = "application/json"
        let head = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: path, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body ?? "")))
        let logger = Logger(label: "serve-unit", factory: { _ in SwiftLogNoOpLogHandler() })
        let context = BasicRequestContext(source: .init(channel: EmbeddedChannel(), logger: logger))
        let response: Response
        do { response = try await responder.respond(to: request, context: context) } catch let error as HTTPError {
            return (Int(error.status.code), .null, [:])
        }
        let writer = CollectingWriter()
        try await response.body.write(writer)
        let bytes = Array(writer.buffer.readableBytesView)
        return (Int(response.status.code), (try? JSONParser.parse(bytes)) ?? .null, response.headers)
    }

    /// One request through the router, its body as text.
    func text(_ method: HTTPRequest.Method, _ path: String) async throws -> (status: Int, text: String) {
        let head = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: path, headerFields: [:])
        let logger = Logger(label: "serve-unit", factory: { _ in SwiftLogNoOpLogHandler() })
        let context = BasicRequestContext(source: .init(channel: EmbeddedChannel(), logger: logger))
        let response = try await responder.respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), context: context)
        let writer = CollectingWriter()
        try await response.body.write(writer)
        return (Int(response.status.code), String(decoding: writer.buffer.readableBytesView, as: UTF8.self))
    }

    /// The official proposal body for `tx` from `sender`, with `signature` packed (or none), stating `hash`.
    static func proposal(_ tx: SafeTx, sender: Address, signature: [UInt8]?, hash: [UInt8]? = nil, operation: Int? = nil) throws -> String {
        let sig = signature.map { "\"\(Hex.encode($0))\"" } ?? "null"
        return #"{"to": "\#(tx.to.checksummed)", "value": "\#(tx.value)", "data": null, "operation": \#(operation ?? Int(tx.operation.rawValue)), "safeTxGas": "0", "baseGas": "0", "gasPrice": "0", "gasToken": null, "refundReceiver": null, "nonce": \#(tx.nonce), "contractTransactionHash": "\#(Hex.encode(try hash ?? tx.hash()))", "sender": "\#(sender.checksummed)", "signature": \#(sig), "origin": "unit"}"#
    }

    /// A transaction of the Safe at `nonce`.
    static func tx(nonce: BigUInt = 3, value: BigUInt = 5) -> SafeTx {
        SafeTx(safe: safe, chainID: chainID, version: .v1_4_1, to: keys[3].address, value: value, nonce: nonce)
    }

    static func signed(_ tx: SafeTx, by key: Int) throws -> [UInt8] { try SafeSignature.sign(safeTxHash: try tx.hash(), with: keys[key]).bytes }
}

/// Collects a response body written through Hummingbird's writer.
final class CollectingWriter: ResponseBodyWriter, @unchecked Sendable {
    var buffer = ByteBuffer()
    func write(_ buffer: ByteBuffer) async throws {
        var copy = buffer
        self.buffer.writeBuffer(&copy)
    }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
