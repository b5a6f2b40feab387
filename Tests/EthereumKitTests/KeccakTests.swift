import EthereumKit
import Foundation
import Testing
import TestSupport

@Suite("Keccak-256")
struct KeccakTests {
    @Test("every ethers keccak256 KAT matches, one-shot and incrementally")
    func knownAnswers() throws {
        let file = try Vectors.json("keccak256_kats.json", in: .module)
        let vectors = try #require(file["vectors"]?.arrayValue)
        #expect(vectors.count > 100)
        for v in vectors {
            let input = try [UInt8](hex: try #require(v["data"]?.stringValue))
            let expected = try #require(v["keccak256"]?.stringValue)
            #expect(Hex.encode(Keccak256.hash(input)) == expected)
            var h = Keccak256()
            var i = 0
            var step = 1
            while i < input.count {
                let end = min(input.count, i + step)
                h.update(input[i..<end])
                i = end
                step = step * 3 % 200 + 1
            }
            #expect(Hex.encode(h.finalize()) == expected)
        }
    }
}
