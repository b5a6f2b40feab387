import BigInt
import EthereumKit
import Foundation
import Networking
import NetworkingTesting
import SafeKit
import Testing

@Suite("Safe Transaction Service delegates (v2): the official shapes read and written, the routes asked")
struct SafeServiceDelegateTests {
    static let base = URL(string: "https://safe-transaction.example/")!
    static let safe = try! Address("0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1")
    static let delegate = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let delegator = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")

    /// One listing entry as the official service writes it (safe-transaction-service's SafeDelegateResponseSerializer).
    static func entry(safe: String?, label: String = "payroll bot", expiry: String? = nil) -> String {
        """
        {"safe": \(safe.map { "\"\($0)\"" } ?? "null"), "delegate": "\(delegate.checksummed)", "delegator": "\(delegator.checksummed)", \
        "label": \(JSONWriter.write(.string(label))), "expiryDate": \(expiry.map { "\"\($0)\"" } ?? "null")}
        """
    }

    @Test("a listing entry reads: a Safe-scoped one, an owner-wide one (null Safe), an expiry with microseconds")
    func reads() throws {
        let scoped = try ServiceWireDelegate(json: try JSONParser.parse(Array(Self.entry(safe: Self.safe.checksummed).utf8)))
        #expect(scoped == ServiceWireDelegate(safe: Self.safe, delegate: Self.delegate, delegator: Self.delegator, label: "payroll bot", expiryDate: nil))
        let wide = try ServiceWireDelegate(json: try JSONParser.parse(Array(Self.entry(safe: nil, expiry: "2026-12-31T10:00:00.250000Z").utf8)))
        #expect(wide.safe == nil)
        #expect(wide.expiryDate == Date(timeIntervalSince1970: 1_798_711_200.25))
        // What it writes reads back the same.
        #expect(try ServiceWireDelegate(json: wide.json) == wide)
    }

    @Test("an entry that does not read is refused by field: a bad delegate, no delegator")
    func refuses() throws {
        let bad = Self.entry(safe: nil).replacingOccurrences(of: Self.delegate.checksummed, with: "0x1234")
        #expect(throws: ServiceWireError.self) { try ServiceWireDelegate(json: try JSONParser.parse(Array(bad.utf8))) }
        do {
            _ = try ServiceWireDelegate(json: .object([(key: "delegate", value: .string(Self.delegate.checksummed))]))
            Issue.record("no delegator must not read")
        } catch { #expect(error.field == "delegator") }
    }

    @Test("the POST body: the official members, the Safe null when owner-wide, the expiry only when given")
    func additionBody() throws {
        let sig = [UInt8](repeating: 0xab, count: 65)
        let wide = ServiceWireDelegate(safe: nil, delegate: Self.delegate, delegator: Self.delegator, label: "bot", expiryDate: nil)
        #expect(JSONWriter.write(wide.addition(signature: sig)) == """
            {"safe":null,"delegate":"\(Self.delegate.checksummed)","delegator":"\(Self.delegator.checksummed)","signature":"\(Hex.encode(sig))","label":"bot"}
            """)
        var scoped = wide
        scoped.safe = Self.safe
        scoped.expiryDate = Date(timeIntervalSince1970: 1_798_711_200)
        let body = scoped.addition(signature: sig)
        #expect(body["safe"]?.stringValue == Self.safe.checksummed)
        #expect(body["expiryDate"]?.stringValue == "2026-12-31T10:00:00Z")
    }

    @Test("the routes: GET with the filters in the query, every page; POST to api/v2/delegates/; DELETE to the delegate's path with the body")
    func routes() async throws {
        let mock = MockNetwork()
        let first = "{\"count\": 2, \"next\": \"https://safe-transaction.example/api/v2/delegates/?limit=1&offset=1&safe=\(Self.safe.checksummed)\", \"previous\": null, \"results\": [\(Self.entry(safe: Self.safe.checksummed))]}"
        let second = "{\"count\": 2, \"next\": null, \"previous\": null, \"results\": [\(Self.entry(safe: Self.safe.checksummed, label: "second"))]}"
        mock.register(path: "/api/v2/delegates/", httpMethod: "GET") { request in
            .http(status: 200, headers: [:], body: Array((request.url.query?.contains("offset=1") == true ? second : first).utf8))
        }
        mock.register(path: "/api/v2/delegates/", httpMethod: "POST", status: 201, json: .null)
        mock.register(path: "/api/v2/delegates/\(Self.delegate.checksummed)/", httpMethod: "DELETE", status: 204, json: .null)
        let remote = SafeServiceRemote(network: mock, baseURL: Self.base)

        let listed = try await remote.delegates(safe: Self.safe, delegator: Self.delegator)
        #expect(listed.map(\.label) == ["payroll bot", "second"])
        #expect(mock.requests[0].url.absoluteString
            == "https://safe-transaction.example/api/v2/delegates/?delegator=\(Self.delegator.checksummed)&limit=100&safe=\(Self.safe.checksummed)")

        let sig = [UInt8](repeating: 0x01, count: 65)
        try await remote.addDelegate(listed[0], signature: sig)
        let post = try #require(mock.requests.last)
        #expect(post.method == "POST" && post.url.absoluteString == "https://safe-transaction.example/api/v2/delegates/")
        #expect(try JSONParser.parse(post.body)["signature"]?.stringValue == Hex.encode(sig))

        try await remote.removeDelegate(Self.delegate, delegator: Self.delegator, safe: nil, signature: sig)
        let delete = try #require(mock.requests.last)
        #expect(delete.method == "DELETE" && delete.url.absoluteString == "https://safe-transaction.example/api/v2/delegates/\(Self.delegate.checksummed)/")
        #expect(String(decoding: delete.body, as: UTF8.self) == "{\"delegator\":\"\(Self.delegator.checksummed)\",\"signature\":\"\(Hex.encode(sig))\"}")
    }
}
