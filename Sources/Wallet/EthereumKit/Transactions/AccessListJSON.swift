/// The JSON-RPC form of an access list: `[{"address": "0x…", "storageKeys": ["0x…32 bytes"]}]`.
public enum AccessListJSON {
    /// Parses the JSON-RPC form.
    public static func parse(_ json: JSONValue) throws(TransactionError) -> [AccessListEntry] {
        guard let items = json.arrayValue else { throw .invalidAccessList }
        var out = [AccessListEntry]()
        for item in items {
            guard let addressText = item["address"]?.stringValue else { throw .invalidAccessList }
            guard let address = try? Address(addressText) else { throw .invalidAddress("access list address") }
            var keys = [[UInt8]]()
            for k in item["storageKeys"]?.arrayValue ?? [] {
                guard let text = k.stringValue, let b = try? Hex.decode(text), b.count == 32 else { throw .invalidStorageKey }
                keys.append(b)
            }
            out.append(AccessListEntry(address: address, storageKeys: keys))
        }
        return out
    }

    /// The JSON-RPC form of `list`.
    public static func json(_ list: [AccessListEntry]) -> JSONValue {
        .array(list.map {
            .object([("address", .string($0.address.checksummed)),
                     ("storageKeys", .array($0.storageKeys.map { .string(Hex.encode($0)) }))])
        })
    }
}
