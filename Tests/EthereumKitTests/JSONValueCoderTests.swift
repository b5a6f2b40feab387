import BigInt
import EthereumKit
import Testing

/// `JSONValueEncoder` and `JSONValueDecoder`: Codable to and from `JSONValue`, in declared order,
/// with numbers exact.
@Suite("JSONValue encoder and decoder")
struct JSONValueCoderTests {
    struct Sample: Codable, Equatable {
        var zeta: String
        var alpha: JSONNumber
        var count: Int
        var flag: Bool
        var omitted: String?
        @NullWhenAbsent var shown: String?
        var nested: [Inner]
    }

    struct Inner: Codable, Equatable {
        var b: UInt8
        var a: JSONValue
    }

    static let max = JSONNumber(BigUInt(2).power(256) - 1)

    @Test("members come out in declaration order, nil is left out or null as declared, and 2^256 − 1 stays exact")
    func encode() throws {
        let sample = Sample(zeta: "z", alpha: Self.max, count: -3, flag: true, omitted: nil, shown: nil,
                            nested: [Inner(b: 255, a: .array([.number("1.50"), .null]))])
        let text = JSONWriter.write(try JSONValueEncoder().encode(sample))
        #expect(text == #"{"zeta":"z","alpha":115792089237316195423570985008687907853269984665640564039457584007913129639935,"count":-3,"flag":true,"shown":null,"nested":[{"b":255,"a":[1.50,null]}]}"#)
        #expect(try JSONValueDecoder().decode(Sample.self, from: JSONParser.parse(Array(text.utf8))) == sample)
    }

    @Test("a wrong kind, a missing member or an integer out of range is a DecodingError, not a trap")
    func decodeErrors() throws {
        let good = try JSONParser.parse(Array(#"{"zeta":"z","alpha":1,"count":1,"flag":false,"shown":"s","nested":[{"b":1,"a":{}}]}"#.utf8))
        #expect(try JSONValueDecoder().decode(Sample.self, from: good).shown == "s")
        for bad in [#"{"zeta":1,"alpha":1,"count":1,"flag":false,"shown":null,"nested":[]}"#,
                    #"{"zeta":"z","alpha":"1","count":1,"flag":false,"shown":null,"nested":[]}"#,
                    #"{"zeta":"z","alpha":1,"count":1,"flag":false,"nested":[]}"#,
                    #"{"zeta":"z","alpha":1,"count":1,"flag":false,"shown":null,"nested":[{"b":256,"a":1}]}"#,
                    #"{"zeta":"z","alpha":1,"count":1.5,"flag":false,"shown":null,"nested":[]}"#,
                    #"[]"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONValueDecoder().decode(Sample.self, from: JSONParser.parse(Array(bad.utf8))) }
        }
    }
}
