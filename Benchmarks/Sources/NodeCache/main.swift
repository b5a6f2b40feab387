// A caching JSON-RPC proxy for Benchmarks/serve: it answers each call (method and parameters) the
// way the node first answered it, so that `bifrost serve` can be loaded with the node's cost taken
// out. Sound only while the chain does not change, as in the benchmark (proposals and confirmations
// write nothing on chain). Single calls and batches; a batch's missing calls go to the node as one
// batch, its cached ones are answered from memory with the request's ids.
//
// Usage: NodeCache UPSTREAM_URL [HOST:PORT]   (default 127.0.0.1:0); the first line on stdout is
// "Serving at http://HOST:PORT". GET /stats answers {"hits": N, "misses": N}.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import Logging

struct Failure: Error, CustomStringConvertible { let description: String }

/// The node's answers, by method and parameters: each a JSON object without its id, as text.
actor Answers {
    var byCall: [String: String] = [:]
    var hits = 0
    var misses = 0

    func lookUp(_ keys: [String]) -> [String?] {
        let found = keys.map { byCall[$0] }
        for answer in found { if answer == nil { misses += 1 } else { hits += 1 } }
        return found
    }

    func keep(_ key: String, _ answer: String) { byCall[key] = answer }
    func stats() -> String { "{\"hits\": \(hits), \"misses\": \(misses)}" }
}

func json(_ value: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
}

func key(_ call: [String: Any]) throws -> String {
    String(decoding: try json([call["method"] ?? NSNull(), call["params"] ?? []]), as: UTF8.self)
}

func forward(_ calls: [[String: Any]], to upstream: URL) async throws -> [[String: Any]] {
    var request = URLRequest(url: upstream)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try json(calls)
    let (data, _) = try await URLSession.shared.data(for: request)
    guard let answers = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
        throw Failure(description: "the node did not answer the batch with a list")
    }
    return answers
}

/// The answers to `body` (one call or a batch), from the cache or else from the node.
func answer(_ body: Data, answers: Answers, upstream: URL) async throws -> Data {
    let parsed = try JSONSerialization.jsonObject(with: body)
    let single = parsed as? [String: Any]
    guard let calls = single.map({ [$0] }) ?? parsed as? [[String: Any]] else { throw Failure(description: "not JSON-RPC") }
    let keys = try calls.map(key)
    var found = await answers.lookUp(keys)
    let missing = found.indices.filter { found[$0] == nil }
    if !missing.isEmpty {
        let fetched = try await forward(missing.map { calls[$0] }, to: upstream)
        let byID = Dictionary(fetched.map { ("\($0["id"] ?? "")", $0) }, uniquingKeysWith: { a, _ in a })
        for i in missing {
            guard var got = byID["\(calls[i]["id"] ?? "")"] else { throw Failure(description: "the node left a call unanswered") }
            got["id"] = nil
            let text = String(decoding: try json(got), as: UTF8.self)
            await answers.keep(keys[i], text)
            found[i] = text
        }
    }
    // Each reply is the kept answer with the request's id put first: {"id":ID,…}.
    let replies = try zip(calls, found).map { call, answer in
        let rest = answer!.dropFirst()
        return "{\"id\":" + String(decoding: try json(call["id"] ?? NSNull()), as: UTF8.self) + (rest == "}" ? "" : ",") + rest
    }
    return Data((single != nil ? replies[0] : "[" + replies.joined(separator: ",") + "]").utf8)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first, let upstream = URL(string: first) else {
    FileHandle.standardError.write(Data("usage: NodeCache UPSTREAM_URL [HOST:PORT]\n".utf8))
    exit(64)
}
let listen = arguments.count > 1 ? arguments[1] : "127.0.0.1:0"
guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]) else {
    FileHandle.standardError.write(Data("NodeCache: '\(listen)' is not HOST:PORT\n".utf8))
    exit(64)
}
let host = String(listen[..<colon])
let answers = Answers()

let router = Router()
router.post("/") { request, _ -> Response in
    var request = request
    let body = try await request.collectBody(upTo: 16 * 1024 * 1024)
    let reply = try await answer(Data(body.readableBytesView), answers: answers, upstream: upstream)
    return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: reply)))
}
router.get("/stats") { _, _ -> Response in
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: await answers.stats())))
}

var logger = Logger(label: "node-cache")
logger.logLevel = .warning
let app = Application(
    router: router,
    configuration: .init(address: .hostname(host, port: port), serverName: "node-cache"),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("Serving at http://\(host):\(channel.localAddress?.port ?? port)\n".utf8))
    },
    logger: logger)
try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])
