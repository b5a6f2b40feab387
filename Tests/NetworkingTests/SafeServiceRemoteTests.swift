import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import SafeKit
import Testing

@Suite("Safe Transaction Service: propose, confirm, list, info, verified against the chain's rules")
struct SafeServiceRemoteTests {
    static let base = URL(string: "https://safe-transaction.example")!
    static let safe = try! Address("0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1")
    static let listPath = "/api/v2/safes/\(safe.checksummed)/multisig-transactions/"
    // Hardhat dev key 0: public and throwaway.
    static let key = try! PrivateKey(hex: "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")

    @Test("list: the real response shape maps to transactions whose hashes and signatures were made by eth-account")
    func list() async throws {
        // Given
        let mock = try Fixture.mock()
        try mock.register(path: Self.listPath, httpMethod: "GET", fixture: "safes.multisig-transactions")
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base)
        // When
        let listing = try await remote.pending(safe: Self.safe, nonce: 3, chainID: 11_155_111, version: .v1_4_1)
        let pending = listing.transactions
        // Then
        #expect(pending.count == 2 && listing.setAside.isEmpty)
        #expect(Hex.encode(pending[0].safeTxHash) == "0x6cb2ea070197f07c0066a3cae18bfae1dc8e22b4420be2a33581e9755ba762fa")
        #expect(pending[0].confirmations.map(\.owner) == [Fixture.alice, Fixture.bob])
        #expect(pending[0].transaction.value == BigUInt(10).power(17) && pending[0].transaction.data.isEmpty)
        #expect(pending[1].transaction.data.count == 68 && pending[1].confirmations.map(\.owner) == [Fixture.bob])
        #expect(pending.allSatisfy { $0.rejected.isEmpty && !$0.isExecuted })
        let request = try #require(mock.requests.first)
        #expect(request.url.absoluteString
            == "https://safe-transaction.example/api/v2/safes/\(Self.safe.checksummed)/multisig-transactions/?executed=false&limit=100&nonce__gte=3&ordering=nonce")
    }

    @Test("list: a transaction whose fields do not hash to the stated safeTxHash is set aside and the rest still arrive; a forged confirmation is set aside")
    func untrustedService() async throws {
        let mock = try Fixture.mock()
        var text = JSONWriter.write(try #require(mock.fixture("safes.multisig-transactions")))
        // A confirmation listed under the wrong owner.
        text = text.replacingOccurrences(of: "\"owner\":\"\(Fixture.bob.checksummed)\",\"submissionDate\":\"2026-11-20T10:01:00Z\"",
                                         with: "\"owner\":\"\(Fixture.alice.checksummed)\",\"submissionDate\":\"2026-11-20T10:01:00Z\"")
        mock.register(path: Self.listPath, body: Array(text.utf8))
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base)
        let pending = try await remote.pending(safe: Self.safe, nonce: 3, chainID: 11_155_111, version: .v1_4_1).transactions
        #expect(pending[0].confirmations.map(\.owner) == [Fixture.alice])
        #expect(pending[0].rejected.count == 1)

        let tampered = text.replacingOccurrences(of: "\"value\":\"100000000000000000\"", with: "\"value\":\"900000000000000000\"")
        mock.register(path: Self.listPath, body: Array(tampered.utf8))
        let listing = try await remote.pending(safe: Self.safe, nonce: 3, chainID: 11_155_111, version: .v1_4_1)
        #expect(listing.transactions.map(\.transaction.nonce) == [4], "the tampered nonce-3 entry is out, the other stays")
        #expect(listing.setAside.count == 1 && listing.setAside[0].hasPrefix("0x6cb2ea07") && listing.setAside[0].contains("hashes to"))
        // The wrong chain gives other hashes than the service states: every entry set aside, none silently accepted.
        mock.register(path: Self.listPath, body: Array(text.utf8))
        let elsewhere = try await remote.pending(safe: Self.safe, nonce: 3, chainID: 1, version: .v1_4_1)
        #expect(elsewhere.transactions.isEmpty && elsewhere.setAside.count == 2)
    }

    /// `count` pending transactions with nonces from 3, as the service lists them, hashed for chain 11155111.
    static func entries(_ count: Int) throws -> [JSONValue] {
        try (0..<count).map { i in
            let tx = SafeTx(safe: safe, chainID: 11_155_111, version: .v1_4_1, to: Fixture.bob, value: BigUInt(i + 1), nonce: BigUInt(3 + i))
            let fields: [(String, JSONValue)] = [
                ("safe", .string(safe.checksummed)), ("to", .string(Fixture.bob.checksummed)), ("value", .string(String(i + 1))),
                ("data", .null), ("operation", .number("0")), ("safeTxGas", .number("0")), ("baseGas", .number("0")), ("gasPrice", .string("0")),
                ("gasToken", .string(Address.zero.checksummed)), ("refundReceiver", .string(Address.zero.checksummed)),
                ("nonce", .number(String(3 + i))), ("safeTxHash", .string(Hex.encode(try tx.hash()))), ("isExecuted", .bool(false)),
                ("confirmations", .array([])),
            ]
            return .object(fields.map { (key: $0.0, value: $0.1) })
        }
    }

    /// A service that pages `all` by `limit` and `offset`, naming the next page as the official one does.
    static func pagingService(_ all: [JSONValue], nextHost: String = "safe-transaction.example") -> MockNetwork {
        let mock = MockNetwork()
        mock.register(path: listPath, httpMethod: "GET") { request in
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let limit = items.first { $0.name == "limit" }?.value.flatMap(Int.init) ?? 100
            let offset = items.first { $0.name == "offset" }?.value.flatMap(Int.init) ?? 0
            let page = Array(all.dropFirst(offset).prefix(limit))
            let next: JSONValue = offset + limit < all.count
                ? .string("https://\(nextHost)\(listPath)?executed=false&limit=\(limit)&nonce__gte=3&offset=\(offset + limit)&ordering=nonce")
                : .null
            let body = JSONValue.object([(key: "count", value: .number(String(all.count))), (key: "next", value: next),
                                         (key: "previous", value: .null), (key: "results", value: .array(page))])
            return .http(status: 200, headers: ["Content-Type": "application/json"], body: Array(JSONWriter.write(body).utf8))
        }
        return mock
    }

    @Test("list: 150 pending transactions over two pages all arrive, in nonce order, with the API key on every page")
    func pagination() async throws {
        let mock = Self.pagingService(try Self.entries(150))
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base, apiKey: "k")
        let listing = try await remote.pending(safe: Self.safe, nonce: 3, chainID: 11_155_111, version: .v1_4_1)
        #expect(listing.transactions.map(\.transaction.nonce) == (3..<153).map { BigUInt($0) } && listing.setAside.isEmpty)
        #expect(mock.requests.count == 2 && mock.requests.allSatisfy { $0.headers["Authorization"] == "Bearer k" })
        // Smaller pages: the same 150, in more requests.
        let small = Self.pagingService(try Self.entries(150))
        let paged = try await SafeServiceRemote(network: small, baseURL: Self.base).pending(safe: Self.safe, nonce: 3, chainID: 11_155_111,
                                                                                             version: .v1_4_1, pageSize: 20)
        #expect(paged.transactions.count == 150 && small.requests.count == 8)
    }

    @Test("list: a next page on another host is not followed, so the API key never leaves the service")
    func foreignNextPage() async throws {
        let mock = Self.pagingService(try Self.entries(150), nextHost: "evil.example")
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base, apiKey: "k")
        await #expect(throws: NetworkError.self) { try await remote.pending(safe: Self.safe, nonce: 3, chainID: 11_155_111, version: .v1_4_1) }
        #expect(mock.requests.count == 1 && mock.requests.allSatisfy { $0.url.host == "safe-transaction.example" })
    }

    @Test("propose posts the transaction, its hash, the sender and signature to the v2 path; the API key is a bearer token")
    func propose() async throws {
        let mock = MockNetwork()
        mock.register(path: Self.listPath, httpMethod: "POST", status: 201, body: [])
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base, apiKey: "secret-key")
        let tx = SafeTx(safe: Self.safe, chainID: 11_155_111, version: .v1_4_1, to: Fixture.bob, value: 5, nonce: 3)
        let hash = try tx.hash()
        let signature = try SafeSignature.sign(safeTxHash: hash, with: Self.key)
        try await remote.propose(tx, safeTxHash: hash, sender: Self.key.address, signature: signature.bytes)
        let request = try #require(mock.requests.first)
        #expect(request.method == "POST" && request.url.path.hasSuffix("/api/v2/safes/\(Self.safe.checksummed)/multisig-transactions"))
        #expect(request.headers["Authorization"] == "Bearer secret-key")
        let body = try JSONParser.parse(request.body)
        #expect(body["contractTransactionHash"] == .string(Hex.encode(hash)))
        #expect(body["sender"] == .string(Self.key.address.checksummed))
        #expect(body["signature"] == .string(Hex.encode(signature.bytes)))
        #expect(body["value"] == .string("5") && body["nonce"] == .string("3") && body["data"] == .null && body["operation"] == .number("0"))
    }

    @Test("confirm posts the signature to the v1 confirmations path")
    func confirm() async throws {
        let mock = MockNetwork()
        let hash = [UInt8](repeating: 0xab, count: 32)
        mock.register(path: "/api/v1/multisig-transactions/\(Hex.encode(hash))/confirmations/", httpMethod: "POST", status: 201,
                      json: .object([(key: "signature", value: .string("0x00"))]))
        try await SafeServiceRemote(network: mock, baseURL: Self.base).confirm(safeTxHash: hash, signature: [1, 2, 3])
        #expect(try JSONParser.parse(mock.requests[0].body) == .object([(key: "signature", value: .string("0x010203"))]))
    }

    @Test("safe info maps the v1 safes endpoint; service errors stay typed")
    func info() async throws {
        let mock = try Fixture.mock()
        try mock.register(path: "/api/v1/safes/\(Self.safe.checksummed)/", fixture: "safes.info")
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base)
        let info = try await remote.safeInfo(Self.safe)
        #expect(info.nonce == 3 && info.threshold == 2 && info.owners == [Fixture.alice, Fixture.bob] && info.version == "1.4.1")
        mock.respondNext(status: 503, body: "{\"detail\":\"down\"}")
        await #expect(throws: NetworkError.self) { _ = try await remote.safeInfo(Self.safe) }
        mock.respondNext(status: 200, body: "<html>")
        await #expect(throws: NetworkError.self) { _ = try await remote.safeInfo(Self.safe) }
    }
}
