// The limit for Benchmarks/serve: a bare Hummingbird 2 server on the two routes the benchmark loads,
// with no storage, no chain and no logging. A POST's JSON body is decoded into a typed value with
// Hummingbird's request decoder (Foundation's JSONDecoder); the answer is 201 with a small JSON
// body. Whatever `bifrost serve` does beyond this (parsing its fields, reading the Safe from the
// node, recovering signatures, storing) is what the benchmark's ratio shows.
//
// Usage: ServeBare [HOST:PORT]   (default 127.0.0.1:0, a free port); the first line on stdout is
// "Serving at http://HOST:PORT". Stop it with SIGINT or SIGTERM.
import Foundation
import Hummingbird
import Logging

/// A proposal's body as Safe clients send it (safe-eth-py's post_transaction): numbers as JSON
/// numbers, hex as strings, nullable where the clients send null.
struct Proposal: Decodable {
    let to: String
    /// Wei as a JSON number, which passes UInt64 at about 18.4 ether; Decimal holds it.
    let value: Decimal
    let data: String?
    let operation: Int
    let safeTxGas: UInt64
    let baseGas: UInt64
    let gasPrice: UInt64
    let gasToken: String?
    let refundReceiver: String?
    let nonce: UInt64
    let contractTransactionHash: String
    let sender: String
    let signature: String?
    let origin: String?
}

/// A confirmation's body.
struct Confirmation: Decodable {
    let signature: String
}

func created(_ json: String) -> Response {
    Response(status: .created, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
}

let listen = CommandLine.arguments.dropFirst().first ?? "127.0.0.1:0"
guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]) else {
    FileHandle.standardError.write(Data("ServeBare: '\(listen)' is not HOST:PORT\n".utf8))
    exit(64)
}
let host = String(listen[..<colon])

let router = Router()
router.post("/api/v2/safes/:address/multisig-transactions") { request, context -> Response in
    let proposal = try await request.decode(as: Proposal.self, context: context)
    return created("{\"safeTxHash\":\"\(proposal.contractTransactionHash)\"}")
}
router.post("/api/v1/multisig-transactions/:hash/confirmations") { request, context -> Response in
    let confirmation = try await request.decode(as: Confirmation.self, context: context)
    return created("{\"signature\":\"\(confirmation.signature)\"}")
}
router.get("/health") { _, _ in "ok" }

var logger = Logger(label: "serve-bare")
logger.logLevel = .warning
let app = Application(
    router: router,
    configuration: .init(address: .hostname(host, port: port), serverName: "serve-bare"),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("Serving at http://\(host):\(channel.localAddress?.port ?? port)\n".utf8))
    },
    logger: logger)
try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])
