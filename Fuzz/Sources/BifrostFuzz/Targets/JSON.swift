import EthereumKit

/// `JSONParser.parse`, Bifrost's own exact parser. What parses must be written back by
/// `JSONWriter` (compact and pretty) as text that parses to an equal value, and writing is stable.
let jsonTarget = FuzzTarget(
    name: "json",
    summary: "JSONParser.parse; JSONWriter.write (compact and pretty) re-parses to an equal value",
    run: { bytes in
        guard let value = try? JSONParser.parse(bytes) else { return false }
        let compact = JSONWriter.write(value)
        let pretty = JSONWriter.write(value, pretty: true)
        guard let fromCompact = try? JSONParser.parse(compact) else {
            require(false, "compact output does not parse: \(compact.prefix(200))")
            return true
        }
        require(fromCompact == value, "compact output parses to another value: \(compact.prefix(200))")
        require(fromCompact.hashValue == value.hashValue, "equal JSON values hash differently")
        require((try? JSONParser.parse(pretty)) == value, "pretty output parses to another value: \(pretty.prefix(200))")
        require(JSONWriter.write(fromCompact) == compact, "writing is not stable: \(compact.prefix(200))")
        _ = value.text
        _ = value.stringValue
        if let members = value.objectValue, let first = members.first {
            require(value[first.key] != nil, "an object's first key is not found")
        }
        return true
    },
    seeds: { vectors in
        var seeds = [
            "null", "true", "false", "0", "-0", "1e5", "-12.5E-3", "115792089237316195423570985008687907853269984665640564039457584007913129639935",
            "\"\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "\"\\u00e9\\ud83d\\ude00\\u0000\"", "\"héllo ✓\"",
            "[]", "{}", " [1, [2, [3, [4]]], {\"a\": {\"b\": [null]}}] ", "{\"a\":1,\"a\":2,\"\":[true,false]}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"}",
        ].map { Array($0.utf8) }
        for file in ["eip712_mail_example.json", "go-ethereum-keystore_very-light-scrypt.json", "eip155_example.json"] {
            if let bytes = vectors.bytes("EthereumKitTests/Vectors/" + file), bytes.count <= 4096 { seeds.append(bytes) }
        }
        seeds += vectors.jsonFiles(in: "NetworkingTests/Fixtures").filter { $0.count <= 4096 }
        return seeds
    }
)
