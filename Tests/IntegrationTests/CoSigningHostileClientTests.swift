@testable import BifrostCLI
import BifrostServer
import CoSigning
import Foundation
import HTTPServing
import Logging
import Networking
import Services
import Synchronization
import Testing
import TestSupport

/// Every message a logger was given, with its metadata, to read what a server logs.
final class RecordedLog: Sendable {
    let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(label: "recorded") { _ in Handler(log: self) }
    }

    struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            log.lines.withLock { $0.append("\(event.message) \(all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))") }
        }
    }
}

extension OnDevnet {
    /// What a hostile probe of `bifrost serve` found, each over real sockets on the local chain.
    @Suite("Integration: the co-signing server against hostile clients")
    struct CoSigningHostileClientTests {
        let devnet = Devnet.shared!

        @Test("a proposal naming one owner as sender but signed by another, or unsigned, is refused; signed by its sender it is taken")
        func proposerMustHaveSigned() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            let (named, signer) = (devnet.accounts[4].key, devnet.accounts[5].key)
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[2], value: 9, nonce: 0)
            let hash = try tx.hash()
            let path = "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions/"
            let signature = try SafeSignature.sign(safeTxHash: hash, with: signer).bytes
            let spoofed = try await server.send("POST", path, try ServingCoSigner.proposal(tx, sender: named.address, signature: signature))
            #expect(spoofed.status == 422 && spoofed.json["nonFieldErrors"] != nil, "\(spoofed.json)")
            let unsigned = try await server.send("POST", path, try ServingCoSigner.proposal(tx, sender: named.address, signature: nil))
            #expect(unsigned.status == 422 && unsigned.json["nonFieldErrors"] != nil, "\(unsigned.json)")
            #expect(try await server.send("GET", "/api/v1/multisig-transactions/\(Hex.encode(hash))/").status == 404, "nothing was stored")
            #expect(try await server.send("POST", path, try ServingCoSigner.proposal(tx, sender: signer.address, signature: signature)).status == 201)
            let stored = try await server.send("GET", "/api/v1/multisig-transactions/\(Hex.encode(hash))/")
            #expect(stored.json["proposer"] == .string(signer.address.checksummed))
        }

        @Test("paging links name the listen address or the public URL, never the Host or X-Forwarded-Proto a client sends; query values are escaped")
        func pagingLinks() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let service = try await f.first.services.serving(inMemory: true, chain: f.first.chain)
            let owner = devnet.accounts[4].key
            for nonce in 0..<2 {
                let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 1, nonce: .init(nonce))
                let hash = try tx.hash()
                _ = try await service.dispatch(ProposeServedTransaction(CoSigningProposal(fields: tx, statedHash: hash, sender: owner.address,
                                                              signature: try SafeSignature.sign(safeTxHash: hash, with: owner).bytes, origin: nil)))
            }
            let listing = "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions/?limit=1&ordering=nonce"
            let local = try await ServingCoSigner(service)
            let hostile = ["Host": "evil.example", "X-Forwarded-Proto": "https"]
            let next = try await local.send("GET", listing, nil, headers: hostile).json["next"]?.stringValue ?? ""
            #expect(next.hasPrefix("http://127.0.0.1:\(local.port)/api/v1/safes/") && !next.contains("evil"), "\(next)")
            let injected = try await local.send("GET", listing + "&executed=false%26x%3Dy%23z", nil).json
            #expect(injected["next"] == nil || injected["next"]?.stringValue?.contains("#") == false, "\(injected)")
            local.stop()
            let settings = ServeSettings(port: 0, followEvery: nil, publicURL: URL(string: "https://safe.example.org/"))
            let proxied = try await ServingCoSigner(service, settings: settings)
            defer { proxied.stop() }
            let publicNext = try await proxied.send("GET", listing, nil, headers: hostile).json["next"]?.stringValue ?? ""
            #expect(publicNext.hasPrefix("https://safe.example.org/api/v1/safes/"), "\(publicNext)")
            #expect(try await proxied.send("GET", "/api/v1/about/", nil, headers: hostile).json["host"] == .string("https://safe.example.org"))
        }

        @Test("slow, doubled-Host and capped connections: closed after the read timeout, 400, closed at once; HEAD answers; the log masks query values")
        func connections() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let log = RecordedLog()
            let settings = ServeSettings(port: 0, followEvery: nil, limits: ServingLimits(readTimeout: .seconds(1)))
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain),
                                                   settings: settings, logger: log.logger)
            defer { server.stop() }
            let halfHeaders = try RawConnection(port: server.port)
            try halfHeaders.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let halfBody = try RawConnection(port: server.port)
            try halfBody.send("POST /api/v1/safes/\(f.safe.checksummed)/multisig-transactions/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              + "Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"to\":")
            let idle = try RawConnection(port: server.port)
            for connection in [halfHeaders, halfBody, idle] { #expect(await connection.read(timeout: .seconds(30)).closed, "closed after the read timeout") }
            server.stop()

            let capped = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain),
                                                   settings: ServeSettings(port: 0, followEvery: nil, limits: ServingLimits(connectionsPerClient: 3)))
            defer { capped.stop() }
            // Which of four connections is the one past the cap depends on the order the event loops see them.
            let four = try (0..<4).map { _ in try RawConnection(port: capped.port) }
            let closed = await RawConnection.closed(among: four, within: .seconds(30))
            let open = four.indices.filter { !closed.contains($0) }.map { four[$0] }
            #expect(closed.count == 1, "one of four past the cap of 3 is closed at once")
            try open.first?.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await open.first?.read(timeout: .seconds(30), until: "ok").text.hasPrefix("HTTP/1.1 200") == true, "the others still answer")

            // The rest on a server with the default read timeout, which a loaded machine cannot run out.
            let steady = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain),
                                                   settings: ServeSettings(port: 0, followEvery: nil), logger: log.logger)
            defer { steady.stop() }
            let doubled = try RawConnection(port: steady.port)
            try doubled.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
            #expect(await doubled.read(timeout: .seconds(30)).text.hasPrefix("HTTP/1.1 400"))
            let head = try RawConnection(port: steady.port)
            try head.send("HEAD /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let headAnswer = await head.read(timeout: .seconds(30), until: "\r\n\r\n")
            let afterHead = await head.read(timeout: .milliseconds(300))
            #expect(headAnswer.text.hasPrefix("HTTP/1.1 200") && afterHead.text.isEmpty, "\(headAnswer.text)")

            #expect(try await steady.send("GET", "/api/v1/about/?api_key=sk-live-0123456789&limit=5").status == 200)
            let lines = log.lines.withLock { $0 }
            #expect(lines.contains { $0.contains("/api/v1/about?api_key=***&limit=***") && $0.contains("status=200") && $0.contains("ms=") },
                    "one line per answered request, with its status and time: \(lines.suffix(3))")
            #expect(!lines.contains { $0.contains("sk-live-0123456789") })
        }
    }
}
