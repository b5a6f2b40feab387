import EthereumKit

/// One page of a listing: `{"count", "next", "previous", "results"}`, with absolute links.
public struct ServiceWirePage: Sendable, Equatable {
    public var count: Int
    public var next: String?
    public var previous: String?
    public var results: [JSONValue]
    /// On the multisig-transactions lists only: how many nonces the Safe's transactions use, all
    /// filters but `trusted` aside; written after `results`, as the official service adds it.
    public var countUniqueNonce: Int?

    /// A page.
    public init(count: Int, next: String?, previous: String?, results: [JSONValue], countUniqueNonce: Int? = nil) {
        self.count = count
        self.next = next
        self.previous = previous
        self.results = results
        self.countUniqueNonce = countUniqueNonce
    }

    /// Reads a page; its results are left to their own type.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "page")
        guard let results = json["results"]?.arrayValue else { throw ServiceWireError("results", "the list has no \"results\" array") }
        count = Int(clamping: try f.number("count", default: 0))
        next = try f.string("next")
        previous = try f.string("previous")
        self.results = results
        countUniqueNonce = try f.optionalNumber("countUniqueNonce").map { Int(clamping: $0) }
    }

    public var json: JSONValue {
        .members([("count", .number(String(count))), ("next", next.map(JSONValue.string) ?? .null),
                  ("previous", previous.map(JSONValue.string) ?? .null), ("results", .array(results))]
                 + (countUniqueNonce.map { [("countUniqueNonce", JSONValue.number(String($0)))] } ?? []))
    }
}
