import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Signature exchange file")
struct SafeTransactionFileTests {
    static let tx = SafeTx(safe: try! Address("0x9000000000000000000000000000000000000009"), chainID: 31337, version: .v1_4_1,
                           to: try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), value: BigUInt(10).power(17),
                           data: [1, 2, 3], nonce: 4)

    @Test("a file round-trips: the same transaction, hash and signatures")
    func roundTrip() throws {
        let hash = try Self.tx.hash()
        let sigs = try SafeSignatureTests.keys.prefix(2).map { try SafeSignature.sign(safeTxHash: hash, with: $0) }
        let file = try SafeTransactionFile(transaction: Self.tx, signatures: sigs)
        let read = try SafeTransactionFile(json: file.json)
        #expect(read == file)
        #expect(read.transaction == Self.tx)
        #expect(read.signatures.count == 2)
        #expect(file.json.contains("\"format\": \"bifrost.safe-transaction\""))
        #expect(file.json.contains("\"chainId\": \"31337\""))
    }

    @Test("a changed field no longer matches the stated hash")
    func tamperedField() throws {
        let file = try SafeTransactionFile(transaction: Self.tx, signatures: [])
        let tampered = file.json.replacingOccurrences(of: "\"100000000000000000\"", with: "\"900000000000000000\"")
        #expect(throws: SafeTransactionFileError.self) { try SafeTransactionFile(json: tampered) }
        do { _ = try SafeTransactionFile(json: tampered) } catch { #expect("\(error)".contains("hashes to")) }
    }

    @Test("a signature for another transaction, or listed under another owner, is rejected")
    func wrongSignature() throws {
        var other = Self.tx
        other.nonce = 5
        let key = SafeSignatureTests.keys[0]
        let foreign = try SafeSignature.sign(safeTxHash: try other.hash(), with: key)
        let forged = SafeTransactionFile.json(Self.tx, signatures: [(key.address, foreign.bytes)])
        #expect(throws: SafeTransactionFileError.self) { try SafeTransactionFile(json: forged) }
        let good = try SafeSignature.sign(safeTxHash: try Self.tx.hash(), with: key)
        let misattributed = SafeTransactionFile.json(Self.tx, signatures: [(SafeSignatureTests.keys[1].address, good.bytes)])
        #expect(throws: SafeTransactionFileError.signatureMismatch(owner: SafeSignatureTests.keys[1].address, recovered: key.address)) {
            try SafeTransactionFile(json: misattributed)
        }
    }

    @Test("duplicates are merged and wrong formats refused with typed errors")
    func duplicatesAndFormats() throws {
        let key = SafeSignatureTests.keys[0]
        let sig = try SafeSignature.sign(safeTxHash: try Self.tx.hash(), with: key)
        let doubled = SafeTransactionFile.json(Self.tx, signatures: [(key.address, sig.bytes), (key.address, sig.bytes)])
        #expect(try SafeTransactionFile(json: doubled).signatures.count == 1)
        #expect(throws: SafeTransactionFileError.wrongFormat) { try SafeTransactionFile(json: "{}") }
        #expect(throws: SafeTransactionFileError.self) { try SafeTransactionFile(json: "not json") }
        let v2 = try SafeTransactionFile(transaction: Self.tx, signatures: []).json.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        #expect(throws: SafeTransactionFileError.unsupportedFileVersion("2")) { try SafeTransactionFile(json: v2) }
    }
}

extension SafeTransactionFile {
    /// A file with arbitrary (possibly wrong) owner/signature pairs, as a careless or hostile peer might send.
    static func json(_ tx: SafeTx, signatures: [(Address, [UInt8])]) -> String {
        let base = try! SafeTransactionFile(transaction: tx, signatures: []).json
        let entries = signatures.map { "{\"owner\": \"\($0.0.checksummed)\", \"signature\": \"\(Hex.encode($0.1))\"}" }
        return base.replacingOccurrences(of: "\"signatures\": []", with: "\"signatures\": [\(entries.joined(separator: ","))]")
    }
}
