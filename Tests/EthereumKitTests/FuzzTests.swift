import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

/// Fixed-seed mutation fuzzing of every decoder that takes untrusted input. Each must either
/// succeed or throw its typed error, never crash; where it succeeds, the result must be
/// consistent (canonical decoders re-encode to the very input).
@Suite("Robustness: fuzzing the decoders")
struct FuzzTests {

    @Test("RLPDecoder: mutated vectors and random items decode or throw RLPError, and every success is canonical")
    func rlp() throws {
        var corpus = try VectorValue.array(try Vectors.json("ethers-v6-rlp.json.gz", in: .module)).map { try VectorValue.bytes($0["encoded"]) }
        corpus += try #require(try Vectors.json("RLPTests_rlptest.json", in: .module).objectValue).map { try VectorValue.bytes($0.value["out"]) }
        try FuzzLoop.run("RLP", seed: 0x5eed_0001, next: { m, i in
            guard i % 3 == 0 else { return m.mutate(m.pick(corpus)) }
            let item = m.rlpItem(depth: 4)
            let encoded = RLPEncoder.encode(item)
            #expect((try? RLPDecoder.decode(encoded)) == item, "a random item must round-trip")
            return m.mutate(encoded)
        }, check: { input in
            let item = try RLPDecoder.decode(input)
            #expect(RLPEncoder.encode(item) == input, "non-canonical input accepted: \(Hex.encode(input))")
        })
    }

    @Test("ABIDecoder: mutated ethers encodings decode or throw ABIError, and what decodes re-encodes to the same value")
    func abi() throws {
        let cases = try VectorValue.array(try Vectors.json("ethers-v6-abi.json.gz", in: .module))
        let corpus = try cases.map { (type: try ABIType(parsing: try VectorValue.string($0["type"])), data: try VectorValue.bytes($0["encoded"])) }
        try FuzzLoop.run("ABI", seed: 0x5eed_0002, next: { m, _ in
            let c = m.pick(corpus)
            return (type: c.type, data: m.mutate(c.data))
        }, check: { c in
            let value = try ABIDecoder.decode(c.type, from: c.data)
            let reencoded = try ABIEncoder.encode(c.type, value)
            #expect(try ABIDecoder.decode(c.type, from: reencoded) == value)
        })
    }

    /// Signed raw transactions of every supported type.
    static func transactionCorpus() throws -> [[UInt8]] {
        let v6 = try VectorValue.array(try Vectors.json("ethers-v6-transactions.json.gz", in: .module))
        var corpus = [[UInt8]]()
        for c in v6.prefix(150) {
            for key in ["signedLegacy", "signedEip155", "signedBerlin", "signedLondon"] {
                let raw = try VectorValue.bytes(c[key])
                if !raw.isEmpty { corpus.append(raw) }
            }
        }
        let cancun = try #require(try Vectors.json("TransactionTests_typed_cancun.json", in: .module)["cases"]?.objectValue)
        corpus += try cancun.map { try VectorValue.bytes($0.value["txbytes"]) }
        return corpus
    }

    @Test("SignedTransaction.decode: byte- and field-level mutations decode or throw TransactionError, and every success re-serialises to the input")
    func transactions() throws {
        let corpus = try Self.transactionCorpus()
        try FuzzLoop.run("transactions", seed: 0x5eed_0003, next: { m, i in
            let original = m.pick(corpus)
            guard i % 2 == 1 else { return m.mutate(original) }
            // Structure mutation: swap one field of the RLP list for a random item, so the
            // mutation reaches field validation instead of stopping at the RLP layer.
            let typed = original[0] < 0xc0
            var fields = try #require(try RLPDecoder.decode(typed ? Array(original.dropFirst()) : original).listValue)
            switch m.int(0...3) {
            case 0: fields[m.int(0...(fields.count - 1))] = m.rlpItem(depth: 2)
            case 1: fields.remove(at: m.int(0...(fields.count - 1)))
            case 2: fields.append(m.rlpItem(depth: 1))
            default: fields[m.int(0...(fields.count - 1))] = .bytes(m.pick([[0], [0, 1], m.bytes(33), m.bytes(20), m.bytes(21), m.bytes(32)]))
            }
            return (typed ? [original[0]] : []) + RLPEncoder.encode(.list(fields))
        }, check: { input in
            let tx = try SignedTransaction.decode(input)
            #expect(tx.raw == input, "accepted non-canonical \(Hex.encode(input))")
            do {
                _ = try tx.sender()
            } catch {
                #expect(error is TransactionError || error is KeyMaterialError, "untyped error \(error)")
            }
        })
    }

    /// JSON documents to mutate: the typed-data vectors, as text.
    static func typedDataCorpus() throws -> [JSONValue] {
        var docs = [JSONValue]()
        docs.append(try Vectors.json("eip712_mail_example.json", in: .module).require("typedData"))
        let v6 = try VectorValue.array(try Vectors.json("ethers-v6-typed-data.json.gz", in: .module))
        for c in v6.prefix(60) {
            docs.append(.object([("types", try c.require("types")), ("primaryType", try c.require("primaryType")),
                                 ("domain", try c.require("domain")), ("message", try c.require("data"))]))
        }
        return docs
    }

    @Test("JSONParser: mutated documents parse or throw JSONParseError, and what parses survives a write/parse round trip")
    func json() throws {
        let corpus = try Self.typedDataCorpus().map { Array(JSONWriter.write($0).utf8) }
            + [Array(#"{"a":[1,2,{"b":"\u00e9\ud83d\ude80"}],"c":-1.5e-7}"#.utf8)]
        try FuzzLoop.run("JSON", seed: 0x5eed_0004, next: { m, _ in m.mutate(m.pick(corpus)) }, check: { input in
            let value = try JSONParser.parse(input)
            #expect(try JSONParser.parse(JSONWriter.write(value)) == value)
        })
    }

    @Test("TypedData(json:): structure- and byte-mutated documents hash or throw TypedDataError")
    func typedData() throws {
        let corpus = try Self.typedDataCorpus()
        try FuzzLoop.run("typed data", seed: 0x5eed_0005, next: { m, i in
            var doc = m.pick(corpus)
            for _ in 0..<m.int(1...3) { doc = m.mutate(doc) }
            let text = Array(JSONWriter.write(doc).utf8)
            return i % 4 == 0 ? m.mutate(text) : text
        }, check: { text in
            let typed = try TypedData(json: text)
            _ = try typed.digest()
            for name in typed.types.keys { _ = try? typed.encodeType(name) }
        })
    }
}
