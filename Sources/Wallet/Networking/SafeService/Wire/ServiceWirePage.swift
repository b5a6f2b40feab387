import EthereumKit

/// One page of a listing: `{"count", "next", "previous", "results"}`, with absolute links.
public struct ServiceWirePage: Sendable, Equatable {
    public var count: Int
    public var next: String?
    public var previous: String?
    public var results: [JSONValue]

    /// A page.
    public init(count: Int, next: String?, previous: String?, results: [JSONValue]) {
        self.count = count
        self.next = next
        self.previous = previous
        self.results = results
    }

    /// Reads a page; its results are left to their own type.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "page")
        guard let results = json["results"]?.arrayValue else { throw ServiceWireError("results", "the list has no \"results\" array") }
        count = Int(clamping: try f.number("count", default: 0))
        next = try f.string("next")
        previous = try f.string("previous")
        self.results = results
    }

    public var json: JSONValue {
        .members([("count", .number(String(count))), ("next", next.map(JSONValue.string) ?? .null),
                  ("previous", previous.map(JSONValue.string) ?? .null), ("results", .array(results))])
    }
}
