import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import SafeKit
import Synchronization
import Testing

/// Issue 38, finding 13: a Transaction Service that names a new `next` page every time is read for
/// at most `SafeServiceRemote.maxPages` pages, a `next` page elsewhere is not followed, and a
/// listing says how many pages it took.
@Suite("Safe Transaction Service: how far a listing is followed")
struct SafeServicePageBoundTests {
    typealias Remote = SafeServiceRemoteTests
    static let base = URL(string: "https://tx-service.example:8443/prefix")!
    static let listPath = "/prefix/api/v2/safes/\(Remote.safe.checksummed)/multisig-transactions/"
    static let messagesPath = "/prefix/api/v1/safes/\(Remote.safe.checksummed)/messages/"

    /// A service that answers every page with no entries and a `next` page it has never named before;
    /// after `giveUp` pages it ends, so that a client without a bound still returns.
    static func endlessService(path: String, giveUp: Int = 250, nextBase: String = "https://tx-service.example:8443/prefix") -> MockNetwork {
        let mock = MockNetwork()
        let served = Counter()
        mock.register(path: path, httpMethod: "GET") { _ in
            let n = served.next()
            let next: JSONValue = n < giveUp ? .string("\(nextBase)\(path.dropFirst("/prefix".count))?limit=100&cursor=\(UUID().uuidString)") : .null
            let body = JSONValue.object([(key: "count", value: .number("0")), (key: "next", value: next), (key: "previous", value: .null),
                                         (key: "results", value: .array([]))])
            return .http(status: 200, headers: ["Content-Type": "application/json"], body: Array(JSONWriter.write(body).utf8))
        }
        return mock
    }

    @Test("a next link that changes on every page is followed for 100 pages at most, then refused with the bound named")
    func endless() async throws {
        let mock = Self.endlessService(path: Self.listPath)
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base)
        await #expect(throws: NetworkError.tooManyPages(SafeServiceRemote.maxPages)) {
            try await remote.pending(safe: Remote.safe, nonce: 0, chainID: 11_155_111, version: .v1_4_1)
        }
        #expect(mock.requests.count == 100)
        // Messages are listed through the same pager.
        let messages = Self.endlessService(path: Self.messagesPath)
        await #expect(throws: NetworkError.tooManyPages(SafeServiceRemote.maxPages)) {
            try await SafeServiceRemote(network: messages, baseURL: Self.base).messages(safe: Remote.safe, chainID: 11_155_111, version: .v1_4_1)
        }
        #expect(messages.requests.count == 100)
    }

    @Test("a listing of 100 pages is read whole; the pages read are counted")
    func countsPages() async throws {
        let mock = Self.endlessService(path: Self.listPath, giveUp: 100)
        let listing = try await SafeServiceRemote(network: mock, baseURL: Self.base).pending(safe: Remote.safe, nonce: 0, chainID: 11_155_111, version: .v1_4_1)
        #expect(listing.transactions.isEmpty && mock.requests.count == 100 && listing.pages == 100 && SafeServiceRemote.maxPages == 100)
        let real = Remote.pagingService(try Remote.entries(45))
        let paged = try await SafeServiceRemote(network: real, baseURL: Remote.base).pending(safe: Remote.safe, nonce: 3, chainID: 11_155_111,
                                                                                            version: .v1_4_1, pageSize: 20)
        #expect(paged.transactions.count == 45 && real.requests.count == 3 && paged.pages == 3)
    }

    @Test("a next page on another scheme or port of the same host is not followed either", arguments: [
        "http://tx-service.example:8443/prefix", "https://tx-service.example/prefix", "https://tx-service.example.attacker.example:8443/prefix",
    ])
    func elsewhere(_ nextBase: String) async throws {
        let mock = Self.endlessService(path: Self.listPath, nextBase: nextBase)
        await #expect(throws: NetworkError.self) {
            try await SafeServiceRemote(network: mock, baseURL: Self.base, apiKey: "k").pending(safe: Remote.safe, nonce: 0, chainID: 11_155_111, version: .v1_4_1)
        }
        #expect(mock.requests.count == 1)
    }
}

/// A thread-safe count of calls, for mock handlers.
final class Counter: Sendable {
    private let value = Mutex(0)
    /// The count after this call.
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
