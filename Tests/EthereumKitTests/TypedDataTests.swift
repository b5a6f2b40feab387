import BigInt
import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("EIP-712 typed data")
struct TypedDataTests {
    @Test("given the EIP-712 Mail example, then encodeType, typeHash, encodeData, structHash, domain separator, digest and signature match the EIP")
    func mailExample() throws {
        let file = try Vectors.json("eip712_mail_example.json", in: .module)
        let typed = try TypedData(try file.require("typedData"))
        #expect(try typed.encodeType("Mail") == (try VectorValue.string(file["encodeType_Mail"])))
        #expect(Hex.encode(try typed.typeHash("Mail")) == (try VectorValue.string(file["typeHash_Mail"])))
        #expect(Hex.encode(try typed.encodeData("Mail", typed.message)) == (try VectorValue.string(file["encodeData_Mail"])))
        #expect(Hex.encode(try typed.hashStruct("Mail", typed.message)) == (try VectorValue.string(file["structHash_Mail"])))
        #expect(Hex.encode(try typed.domainSeparator()) == (try VectorValue.string(file["domainSeparator"])))
        #expect(Hex.encode(try typed.digest()) == (try VectorValue.string(file["digest"])))

        let key = try PrivateKey(hex: try VectorValue.string(file["privateKey"]))
        #expect(key.exportBytes() == Keccak256.hash(Array("cow".utf8)))
        #expect(key.address == (try VectorValue.address(file["address"])))
        let signature = try typed.sign(with: key)
        #expect(signature.v == UInt8(try VectorValue.uint(file["v"])))
        #expect(Hex.encode(signature.r) == (try VectorValue.string(file["r"])))
        #expect(Hex.encode(signature.s) == (try VectorValue.string(file["s"])))
        #expect(Hex.encode(signature.rsv) == (try VectorValue.string(file["signature_rpc"])))
        let recovered = try PublicKey.recover(digest: try typed.digest(), signature: try Signature(rsv: signature.rsv))
        #expect(recovered.address == key.address)

        // The same document from its JSON text, and with EIP712Domain left for the library to derive.
        let text = Array(JSONWriter.write(try file.require("typedData")).utf8)
        #expect(try TypedData(json: text).digest() == (try typed.digest()))
        let derived = try TypedData(Self.document(
            types: try Self.dropping("EIP712Domain", from: try file.require("typedData").require("types")),
            primaryType: "Mail", domain: typed.domain, message: typed.message))
        #expect(try derived.digest() == (try typed.digest()))
    }

    static func document(types: JSONValue, primaryType: String, domain: JSONValue, message: JSONValue) -> JSONValue {
        .object([("types", types), ("primaryType", .string(primaryType)), ("domain", domain), ("message", message)])
    }

    static func dropping(_ key: String, from object: JSONValue) throws -> JSONValue {
        .object(try #require(object.objectValue).filter { $0.key != key })
    }

    /// Runs an ethers typed-data file: `types` lacks EIP712Domain, which must be derived from the domain.
    static func runEthers(_ file: String, expectedCount: Int) throws {
        let cases = try VectorValue.array(try Vectors.json(file, in: .module))
        #expect(cases.count == expectedCount)
        var ran = 0
        var signed = 0
        for c in cases {
            let name = try VectorValue.string(c["name"])
            let types = try c.require("types")
            #expect(types["EIP712Domain"] == nil, "\(name)")
            let primaryType = try VectorValue.string(c["primaryType"])
            let typed = try TypedData(Self.document(
                types: types, primaryType: primaryType, domain: try c.require("domain"), message: try c.require("data")))
            #expect(Hex.encode(try typed.encodeData(primaryType, typed.message)) == (try VectorValue.string(c["encoded"])), "\(name) encoded")
            #expect(Hex.encode(try typed.digest()) == (try VectorValue.string(c["digest"])), "\(name) digest")
            if let keyHex = c["privateKey"]?.stringValue {
                let key = try PrivateKey(hex: keyHex)
                #expect(Hex.encode(try typed.sign(with: key).rsv) == (try VectorValue.string(c["signature"])), "\(name) signature")
                signed += 1
            }
            ran += 1
        }
        #expect(ran == expectedCount)
        #expect(signed == 1)
    }

    @Test("given all ethers v5 EIP-712 cases, then encodeData of the primary type and the digest match, with EIP712Domain derived from the domain")
    func ethersV5() throws {
        try Self.runEthers("ethers-v5-eip712.json.gz", expectedCount: 1025)
    }

    @Test("given all ethers v6 typed-data cases, then encodeData and the digest match")
    func ethersV6() throws {
        try Self.runEthers("ethers-v6-typed-data.json.gz", expectedCount: 130)
    }

    /// A document with one field of `type` holding `value`, in a fixed domain.
    static func single(_ type: String, _ valueJSON: String) throws -> TypedData {
        let text = """
        {"types":{"T":[{"name":"v","type":"\(type)"}]},"primaryType":"T",
         "domain":{"name":"N","chainId":1},"message":{"v":\(valueJSON)}}
        """
        return try TypedData(json: Array(text.utf8))
    }

    @Test("given one integer written as a huge JSON number, a decimal string and a hex string, then all hash the same")
    func integerSpellings() throws {
        let maxUint = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        let spellings = [maxUint, "\"\(maxUint)\"", "\"0x" + String(repeating: "f", count: 64) + "\"", "\"0X" + String(repeating: "F", count: 64) + "\""]
        let digests = try spellings.map { try Self.single("uint256", $0).digest() }
        #expect(Set(digests.map { Hex.encode($0) }).count == 1)
        #expect(try Self.single("uint256", maxUint).encodeData("T", .object([("v", .number(maxUint))])).suffix(32) == [UInt8](repeating: 0xff, count: 32))

        let negative = try ["-1", "\"-1\"", "\"-0x1\""].map { try Self.single("int256", $0).digest() }
        #expect(Set(negative.map { Hex.encode($0) }).count == 1)
        let thousand = try ["1000", "1e3", "1.0E3", "\"1000\"", "\"0x3e8\""].map { try Self.single("uint64", $0).digest() }
        #expect(Set(thousand.map { Hex.encode($0) }).count == 1)
        // chainId in the domain may be a number, a decimal string or hex as well.
        let domains = try ["1", "\"1\"", "\"0x1\""].map { chain -> [UInt8] in
            let text = #"{"types":{"T":[]},"primaryType":"T","domain":{"chainId":\#(chain)},"message":{}}"#
            return try TypedData(json: Array(text.utf8)).domainSeparator()
        }
        #expect(Set(domains.map { Hex.encode($0) }).count == 1)
    }

    @Test("given values that do not fit their types, then typed errors are thrown")
    func invalidValues() throws {
        #expect(throws: TypedDataError.invalidValue(type: "uint8", value: "256")) { try Self.single("uint8", "256").digest() }
        #expect(throws: TypedDataError.invalidValue(type: "uint256", value: "-1")) { try Self.single("uint256", "-1").digest() }
        #expect(throws: TypedDataError.invalidValue(type: "uint256", value: "1.5")) { try Self.single("uint256", "1.5").digest() }
        #expect(throws: TypedDataError.invalidValue(type: "uint256", value: "abc")) { try Self.single("uint256", "\"abc\"").digest() }
        #expect(throws: TypedDataError.invalidValue(type: "address", value: "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd82")) {
            try Self.single("address", "\"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd82\"").digest()
        }
        #expect(throws: TypedDataError.invalidValue(type: "bytes4", value: "0x0102")) { try Self.single("bytes4", "\"0x0102\"").digest() }
        #expect(throws: TypedDataError.unknownType("Missing")) { try Self.single("Missing", "{}").digest() }
        #expect(throws: TypedDataError.arrayLength(type: "uint8[2]", expected: 2, got: 1)) { try Self.single("uint8[2]", "[1]").digest() }
        #expect(throws: TypedDataError.missingMember("types")) { try TypedData(json: Array(#"{"primaryType":"T","message":{}}"#.utf8)) }
        #expect(throws: TypedDataError.missingMember("primaryType")) { try TypedData(json: Array(#"{"types":{},"message":{}}"#.utf8)) }
        #expect(throws: TypedDataError.json(.unexpectedEnd)) { try TypedData(json: Array("{".utf8)) }
        let missing = #"{"types":{"T":[{"name":"a","type":"uint8"}]},"primaryType":"T","domain":{},"message":{}}"#
        #expect(throws: TypedDataError.missingValue(type: "T", field: "a")) { try TypedData(json: Array(missing.utf8)).digest() }
    }

    @Test("given self-referencing types, then encodeType terminates and deep values are refused")
    func recursiveTypes() throws {
        let text = #"{"types":{"Node":[{"name":"next","type":"Node[]"},{"name":"v","type":"uint8"}]},"primaryType":"Node","domain":{},"message":{"next":[],"v":1}}"#
        let typed = try TypedData(json: Array(text.utf8))
        #expect(try typed.encodeType("Node") == "Node(Node[] next,uint8 v)")
        _ = try typed.digest()
        var message = #"{"next":[],"v":1}"#
        for _ in 0..<100 { message = #"{"next":["# + message + #"],"v":1}"# }
        let deep = #"{"types":{"Node":[{"name":"next","type":"Node[]"},{"name":"v","type":"uint8"}]},"primaryType":"Node","domain":{},"message":"# + message + "}"
        #expect(throws: TypedDataError.cyclicOrTooDeep) { try TypedData(json: Array(deep.utf8)).digest() }
    }
}
