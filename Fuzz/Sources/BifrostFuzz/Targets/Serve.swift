import BifrostServer
import BigInt
import CoSigning
import CoSigningSQLite
import EthereumKit
import Foundation
import Hummingbird
import Logging
import NIOEmbedded
import Networking
import NetworkingTesting
import SafeKit
import Services

// `bifrost serve`'s JSON endpoints, driven in process through the real router: the first input
// byte picks the endpoint, the rest is the body (or the query, or the path). The Safe is a 2-of-3
// on a mock node; storage is SQLite in memory, kept across inputs so later inputs meet earlier
// proposals. Every answer must be a response below 500: bad input is the client's fault.

/// Hardhat dev keys 0–2 (public throwaway keys), the mock Safe's owners.
private let serveKeys = [
    "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9ad5ceb3ab82a",
].map { try! PrivateKey(hex: $0) }
private let serveChainID: BigUInt = 11_155_111
private let serveTx = SafeTx(safe: fuzzAddress, chainID: serveChainID, version: .v1_4_1, to: serveKeys[1].address, value: 5, nonce: 3)
private let serveHash = try! serveTx.hash()

/// One server for every input.
private let serveResponder: any HTTPResponder<BasicRequestContext> = {
    let mock = MockNetwork()
    mock.serve(MockSafeNode(chainID: serveChainID, owners: serveKeys.map(\.address), threshold: 2, nonce: 3))
    let chain = Chain(remote: EthereumRemote(rpc: JSONRPCClient(network: mock, endpoint: try! RPCEndpoint("http://mock.invalid"))),
                      endpoint: try! RPCEndpoint("http://mock.invalid"))
    // The co-signing store as `bifrost serve` composes it, over SQLite in memory.
    return CoSigningServer.responder(store: CoSigningStore(storage: try! SQLiteCoSigningStorage(), chain: chain))
}()

/// The endpoints, by the input's first byte.
private let serveRoutes: [(method: HTTPRequest.Method, path: String)] = [
    (.post, "/api/v2/safes/\(fuzzAddress.checksummed)/multisig-transactions/"),
    (.post, "/api/v1/multisig-transactions/\(Hex.encode(serveHash))/confirmations/"),
    (.post, "/api/v2/delegates/"),
    (.delete, "/api/v2/multisig-transactions/\(Hex.encode(serveHash))/"),
    (.delete, "/api/v2/delegates/\(serveKeys[2].address.checksummed)/"),
    (.get, "/api/v2/safes/\(fuzzAddress.checksummed)/multisig-transactions/?"),
    (.get, "/api/v2/delegates/?"),
    (.get, ""),
]

let serveTarget = FuzzTarget(
    name: "serve",
    summary: "bifrost serve's endpoints through the real router: proposals, confirmations, delegates, deletes, queries, paths",
    run: { bytes in
        guard let first = bytes.first else { return false }
        let route = serveRoutes[Int(first) % serveRoutes.count]
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        let path: String
        switch route.method {
        case .get: path = route.path.isEmpty ? "/" + text : route.path + text
        default: path = route.path
        }
        // Paths and queries that HTTP itself would not carry are not the server's to parse.
        guard path.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "#" }) else { return false }
        let status = runSynchronously { () -> Int in
            let head = HTTPRequest(method: route.method, scheme: "http", authority: "fuzz.invalid", path: path,
                                   headerFields: [.contentType: "application/json"])
            let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: route.method == .get ? [] : rest)))
            let context = BasicRequestContext(source: .init(channel: EmbeddedChannel(), logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() })))
            do {
                return Int(try await serveResponder.respond(to: request, context: context).status.code)
            } catch let error as HTTPError {
                return Int(error.status.code)
            } catch {
                return 500
            }
        }
        require(status < 500, "the server answered \(status) to \(route.method) \(path)")
        return (200..<300).contains(status)
    },
    seeds: { _ in
        let owner = serveKeys[0]
        let signature = Hex.encode(try! SafeSignature.sign(safeTxHash: serveHash, with: owner).bytes)
        let confirmation = Hex.encode(try! SafeSignature.sign(safeTxHash: serveHash, with: serveKeys[1]).bytes)
        let proposal = #"{"to": "\#(serveTx.to.checksummed)", "value": "5", "data": null, "operation": 0, "safeTxGas": "0", "baseGas": 0, "gasPrice": "0", "gasToken": null, "refundReceiver": null, "nonce": 3, "contractTransactionHash": "\#(Hex.encode(serveHash))", "sender": "\#(owner.address.checksummed)", "signature": "\#(signature)", "origin": "fuzz"}"#
        let delegateDigest = ServiceAuthorization.delegateDigest(delegate: serveKeys[2].address, chainID: serveChainID,
                                                                 totp: ServiceAuthorization.totp(at: Date()))
        let delegateSignature = Hex.encode(try! owner.sign(digest: delegateDigest).rsv)
        let delegate = #"{"safe": "\#(fuzzAddress.checksummed)", "delegate": "\#(serveKeys[2].address.checksummed)", "delegator": "\#(owner.address.checksummed)", "signature": "\#(delegateSignature)", "label": "bot", "expiryDate": "2099-01-01T00:00:00Z"}"#
        let deleteDigest = ServiceAuthorization.deleteDigest(safeTxHash: serveHash, safe: fuzzAddress, chainID: serveChainID,
                                                             totp: ServiceAuthorization.totp(at: Date()))
        let delete = #"{"safeTxHash": "\#(Hex.encode(serveHash))", "signature": "\#(Hex.encode(try! owner.sign(digest: deleteDigest).rsv))"}"#
        let bodies: [(UInt8, String)] = [
            (0, proposal), (1, #"{"signature": "\#(confirmation)"}"#), (2, delegate), (3, delete),
            (4, #"{"delegator": "\#(owner.address.checksummed)", "signature": "\#(delegateSignature)"}"#),
            (5, "executed=False&nonce__gte=0&ordering=-created&limit=2&offset=1"), (6, "safe=\(fuzzAddress.checksummed)&limit=5"),
            (7, "sep/api/v1/owners/\(owner.address.checksummed)/safes/"), (7, "api/v1/safes/\(fuzzAddress.checksummed)"),
            (0, "{\"to\": 5}"), (1, "[]"), (2, "{"),
        ]
        return bodies.map { [$0.0] + Array($0.1.utf8) }
    }
)
