import Foundation
import Services
import Storage

/// What a file given to an option is supposed to hold, so the grammar can offer a plausible file
/// for each option and, often, a hostile one.
enum FuzzFileKind: CaseIterable {
    case privateKey, mnemonic, password, typedData, safeTransaction, batch, keystore, deployments
}

/// A throwaway home for one fuzz run, already holding what lets vectors get deep: two owner keys
/// (password `FuzzFixture.password`), a followed 2-of-2 Safe with one queued transaction, and a
/// folder of files, plausible and hostile (duplicate keys, wrong types, huge numbers, truncated,
/// binary, deeply nested, empty, huge). Everything lives under one temporary directory.
struct FuzzFixture {
    static let password = "fuzz-password"

    let root: URL
    let home: String
    let safe: String
    let safeTxHash: String
    /// Plausible files first in each list, then hostile ones.
    let files: [FuzzFileKind: [String]]
    /// Paths that are wrong for every kind: missing, a directory, a device, too long, empty.
    let oddPaths: [String]

    static func make() async throws -> FuzzFixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-cli-fuzz-\(UUID().uuidString)")
        let dir = root.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let home = root.appendingPathComponent("home")

        // The home: two owners of a 2-of-2 Safe and one queued transaction, set up without a chain.
        let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true)
        let keys = try FuzzValues.devKeys.map { try PrivateKey(hex: $0) }
        for (i, name) in ["owner0", "owner1"].enumerated() {
            _ = try await services.keys.importPrivateKey(name: name, key: keys[i], password: password)
        }
        let safeAddress = try Address("0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1")
        let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: home)))
        let now = Date()
        try await storage.save(Safe(chainID: 11_155_111, address: safeAddress, name: "fuzz", version: "1.4.1", owners: [keys[0].address, keys[1].address],
                              threshold: 2, nonce: 3, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: now))
        let tx = SafeTx(safe: safeAddress, chainID: 11_155_111, version: .v1_4_1, to: keys[2].address, value: 5, nonce: 3)
        let hash = try tx.hash()
        try await storage.save(SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: [], status: .queued, executionHash: nil,
                                              summary: "fuzz", createdAt: now, updatedAt: now))

        var counter = 0
        func write(_ bytes: [UInt8]) throws -> String {
            counter += 1
            let path = dir.appendingPathComponent("f\(counter)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        func write(_ text: String) throws -> String { try write(Array(text.utf8)) }

        let binary: [UInt8] = [0xff, 0xfe, 0x00, 0x01, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc, 0x7b, 0x22, 0x00, 0x0a]
        // Hostile JSON that fits no kind: every JSON reader gets these too.
        let hostileJSON: [String] = try [
            write(#"{"a": 1, "a": 2, "a": {"a": [1, 2, {"a": null}]}}"#),
            write(#"{"format": 1, "version": "one", "chainId": true, "types": [], "message": "x", "crypto": 7, "contracts": []}"#),
            write(#"{"n": 1e400, "m": -1e400, "k": 115792089237316195423570985008687907853269984665640564039457584007913129639936, "z": 0.1e-400}"#),
            write(#"{"types": {"EIP712Domain": [{"name": "name", "type": "string"}"#),
            write(binary),
            write(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
            write(String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)),
            write(""), write("null"), write("[]"), write("{}"), write("\u{FEFF}{}"), write("{\"a\": \"\\ud800\"}"), write("{\"a\": \"\u{1}\"}"),
            write("[" + Array(repeating: "115792089237316195423570985008687907853269984665640564039457584007913129639935", count: 20_000).joined(separator: ",") + "]"),
            write(#"{"a": "\u0000"}"#), write("{'single': 'quotes'}"), write("{\"a\": 1,}"), write("{\"a\" 1}"), write("[1 2]"), write("tru"),
        ]

        var files: [FuzzFileKind: [String]] = [:]
        files[.privateKey] = try [FuzzValues.devKeys[2], "0x" + FuzzValues.devKeys[1] + "\n", "0", FuzzValues.curveOrder, "0x" + FuzzValues.curveOrder,
                                  String(repeating: "ff", count: 32), String(repeating: "00", count: 32), String(repeating: "ab", count: 31),
                                  String(repeating: "ab", count: 33), "", "0x", "zz", "\u{FEFF}" + FuzzValues.devKeys[0], " \t" + FuzzValues.devKeys[0] + "\r\n\r\n",
                                  FuzzValues.devKeys[0] + "\n" + FuzzValues.devKeys[1], FuzzValues.devPhrase].map { try write($0) } + [try write(binary)]
        let words24 = Array(repeating: "abandon", count: 23).joined(separator: " ") + " art"
        files[.mnemonic] = try [FuzzValues.devPhrase, words24, Array(repeating: "abandon", count: 12).joined(separator: " "),
                                "test test test test test test test test test test test jnuk", FuzzValues.devPhrase + " test",
                                FuzzValues.devPhrase.uppercased(), FuzzValues.devPhrase.replacingOccurrences(of: " ", with: "\u{A0}"),
                                "  " + FuzzValues.devPhrase.replacingOccurrences(of: " ", with: "\n\t ") + "\n", "",
                                Array(repeating: "abandon", count: 100_000).joined(separator: " ")].map { try write($0) } + [try write(binary)]
        files[.password] = try [password + "\n", password, password + "\r\n", "wrong\n", "", "\n", "\r\n", String(repeating: "p", count: 100_000),
                                "pass\u{0}word", "é\n"].map { try write($0) } + [try write(binary)]
        files[.typedData] = try typedDataFiles().map { try write($0) }
        files[.safeTransaction] = try safeTransactionFiles(tx: tx, keys: keys).map { try write($0) }
        files[.batch] = try batchFiles().map { try write($0) }
        files[.keystore] = try keystoreFiles(key: keys[2]).map { try write($0) }
        files[.deployments] = try [#"{"chainId": 31337, "contracts": {}}"#, #"{"chainId": 11155111, "contracts": {"safeSingleton": "0x41675C099F32341bf84BFc5382aF534df5C7461a"}}"#,
                                   #"{"chainId": "115792089237316195423570985008687907853269984665640564039457584007913129639936", "contracts": {}}"#,
                                   #"{"chainId": -1, "contracts": {}}"#, #"{"chainId": 1e400}"#, #"{"chainId": 1, "contracts": {"safeSingleton": 7, "multiSend": "0x12"}}"#,
                                   #"{"chainId": 1, "chainId": 2, "contracts": {"safeSingleton": "0x41675C099F32341bf84BFc5382aF534df5C7461a", "safeSingleton": "zz"}}"#,
                                   #"{"contracts": {"proxyFactory": "0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67"}}"#].map { try write($0) }
        for kind in FuzzFileKind.allCases { files[kind, default: []] += hostileJSON }

        let oddPaths = [
            root.appendingPathComponent("missing").path, dir.path, dir.path + "/", "/dev/null", "", " ",
            "/" + String(repeating: "d", count: 5000), root.appendingPathComponent("missing-é🦊\n").path,
            try write(String(repeating: "a", count: 3_000_000)),
        ]
        return FuzzFixture(root: root, home: home.path, safe: safeAddress.checksummed, safeTxHash: Hex.encode(hash), files: files, oddPaths: oddPaths)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// EIP-712 documents: the spec's Mail example, then ways to break it.
    static func typedDataFiles() -> [String] {
        let types = #""EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"}, {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}], "Person": [{"name": "name", "type": "string"}, {"name": "wallet", "type": "address"}], "Mail": [{"name": "from", "type": "Person"}, {"name": "to", "type": "Person"}, {"name": "contents", "type": "string"}]"#
        let domain = #""domain": {"name": "Ether Mail", "version": "1", "chainId": 1, "verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"}"#
        let message = #""message": {"from": {"name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"}, "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"}, "contents": "Hello, Bob!"}"#
        let mail = "{\"types\": {\(types)}, \"primaryType\": \"Mail\", \(domain), \(message)}"
        func with(_ types: String, _ primary: String, _ message: String, domain: String = #""domain": {}"#) -> String {
            "{\"types\": {\"EIP712Domain\": [], \(types)}, \"primaryType\": \"\(primary)\", \(domain), \"message\": \(message)}"
        }
        return [
            mail,
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": "115792089237316195423570985008687907853269984665640564039457584007913129639936"}"#),
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": 115792089237316195423570985008687907853269984665640564039457584007913129639935}"#),
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": 1e400}"#),
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": "-1"}"#),
            with(#""T": [{"name": "v", "type": "int8"}]"#, "T", #"{"v": 128}"#),
            with(#""T": [{"name": "v", "type": "int256"}]"#, "T", #"{"v": "-57896044618658097711785492504343953926634992332820282019728792003956564819969"}"#),
            with(#""T": [{"name": "v", "type": "bytes"}]"#, "T", #"{"v": "0xabc"}"#),
            with(#""T": [{"name": "v", "type": "bytes32"}]"#, "T", #"{"v": "0x"}"#),
            with(#""T": [{"name": "v", "type": "address"}]"#, "T", #"{"v": "0x1234"}"#),
            with(#""T": [{"name": "v", "type": "uint256[]"}]"#, "T", #"{"v": [1, "2", "0x3", -4]}"#),
            with(#""T": [{"name": "v", "type": "uint256[3]"}]"#, "T", #"{"v": [1]}"#),
            with(#""T": [{"name": "v", "type": "uint256[4294967296]"}]"#, "T", #"{"v": []}"#),
            with(#""T": [{"name": "t", "type": "T"}]"#, "T", #"{"t": {"t": {"t": {}}}}"#),
            with(#""A": [{"name": "b", "type": "B"}], "B": [{"name": "a", "type": "A"}]"#, "A", #"{"b": {"a": {"b": {}}}}"#),
            with(#""T": [{"name": "v", "type": "T[]"}]"#, "T", #"{"v": [{"v": [{"v": []}]}]}"#),
            with(#""T": [{"name": "v", "type": "Missing"}]"#, "T", #"{"v": 1}"#),
            with(#""T": [{"name": "v", "type": "uint256"}, {"name": "v", "type": "uint256"}]"#, "T", #"{"v": 1}"#),
            with(#""T": [{"name": "v", "type": "string"}]"#, "Nope", #"{"v": "x"}"#),
            with(#""T": [{"name": "v", "type": "string"}]"#, "T", #"{"v": 7}"#),
            with(#""T": [{"name": "v", "type": "bool"}]"#, "T", #"{"v": "yes"}"#),
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": 1}"#, domain: #""domain": {"chainId": "115792089237316195423570985008687907853269984665640564039457584007913129639936"}"#),
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": 1}"#, domain: #""domain": {"verifyingContract": "0x12", "salt": "0x01"}"#),
            with(#""T": [{"name": "v", "type": "uint256"}]"#, "T", #"{"v": 1}"#, domain: #""domain": []"#),
            with(#""T": [{"name": "v", "type": "string"}]"#, "T", "{\"v\": \"" + String(repeating: "s", count: 1_000_000) + "\"}"),
            #"{"types": {"EIP712Domain": []}, "primaryType": "EIP712Domain", "domain": {}, "message": {}}"#,
            #"{"types": [], "primaryType": 7, "domain": "x", "message": null}"#,
        ]
    }

    /// Signature-exchange files: valid ones for the followed Safe, then broken ones.
    static func safeTransactionFiles(tx: SafeTx, keys: [PrivateKey]) throws -> [String] {
        let hash = try tx.hash()
        let signed = try SafeTransactionFile(transaction: tx, signatures: [try SafeSignature.sign(safeTxHash: hash, with: keys[0])]).json
        let plain = try SafeTransactionFile(transaction: tx, signatures: []).json
        var elsewhere = tx
        elsewhere.chainID = 1
        let otherChain = try SafeTransactionFile(transaction: elsewhere, signatures: []).json
        let stranger = try SafeTransactionFile(transaction: tx, signatures: [try SafeSignature.sign(safeTxHash: hash, with: keys[2])]).json
        var unknown = tx
        unknown.safe = try Address(FuzzValues.devAddresses[2])
        let unknownSafe = try SafeTransactionFile(transaction: unknown, signatures: []).json
        // The same file with one field replaced: the stated hash no longer matches, or the value cannot be hashed at all.
        func replacing(_ field: String, _ value: String, in json: String = signed) -> String {
            guard let range = json.range(of: "\"\(field)\": ") else { return json }
            let rest = json[range.upperBound...]
            let end = rest.firstIndex(where: { $0 == "," || $0 == "\n" }) ?? rest.endIndex
            return json.replacingCharacters(in: range.upperBound..<end, with: value)
        }
        let big = "\"\(FuzzValues.twoTo256)\""
        return [
            signed, plain, otherChain, stranger, unknownSafe,
            replacing("nonce", big), replacing("value", big), replacing("safeTxGas", big), replacing("baseGas", big), replacing("gasPrice", big),
            replacing("chainId", big), replacing("nonce", "\"\(FuzzValues.twoTo256Minus1)\""), replacing("nonce", "1e400"), replacing("nonce", "-1"),
            replacing("nonce", "\"0x\""), replacing("value", "3.5"), replacing("value", "[]"), replacing("operation", "2"), replacing("operation", "\"1\""),
            replacing("operation", big), replacing("version", "2"), replacing("version", "\"1\""), replacing("safeVersion", "\"0.0.1\""),
            replacing("safeVersion", "\"1.0.0\""), replacing("safeVersion", "7"), replacing("format", "\"something-else\""),
            replacing("safeTxHash", "\"0x\""), replacing("data", "\"0xabc\""), replacing("data", "\"0x" + String(repeating: "ab", count: 200_000) + "\""),
            replacing("to", "\"0x1234\""), replacing("signature", "\"0x" + String(repeating: "00", count: 65) + "\""),
            replacing("signature", "\"0x" + String(repeating: "ff", count: 65) + "\""), replacing("signature", "\"0xabc\""),
            replacing("signature", "\"0x" + String(repeating: "ab", count: 100_000) + "\""), replacing("owner", "\"0x0\""),
            signed.replacingOccurrences(of: "\"format\"", with: "\"format\": \"x\", \"format\""),
            signed.replacingOccurrences(of: "\"nonce\"", with: "\"nonce\": \"4\", \"nonce\""),
            String(signed.prefix(signed.count / 2)), String(signed.dropLast(3)),
            signed.replacingOccurrences(of: "\"signatures\": [", with: "\"signatures\": [" + String(repeating: "{\"owner\": \"0x0\", \"signature\": \"0x\"}, ", count: 2000)),
        ]
    }

    static func batchFiles() -> [String] {
        let to = FuzzValues.devAddresses[1]
        return [
            "[{\"to\": \"\(to)\", \"value\": \"1000\", \"data\": \"0x\", \"operation\": \"call\"}]",
            "[{\"to\": \"\(to)\", \"value\": \"1ether\"}, {\"to\": \"\(to)\", \"data\": \"0xa9059cbb\", \"operation\": \"delegatecall\"}]",
            "[{\"to\": \"\(to)\", \"value\": \"\(FuzzValues.twoTo256)\"}]", "[{\"to\": \"\(to)\", \"value\": \(FuzzValues.twoTo256)}]",
            "[{\"to\": \"\(to)\", \"value\": \"-1\"}]", "[{\"to\": \"\(to)\", \"value\": 1e400}]", "[{\"to\": \"0x12\"}]", "[{\"value\": \"1\"}]",
            "[{\"to\": \"\(to)\", \"operation\": \"create\"}]", "[{\"to\": \"\(to)\", \"operation\": 7}]", "[{\"to\": \"\(to)\", \"data\": \"0xabc\"}]",
            "[]", "{\"to\": \"\(to)\"}", "[1, 2, 3]", "[null]",
            "[" + Array(repeating: "{\"to\": \"\(to)\", \"value\": \"\(FuzzValues.twoTo256Minus1)\"}", count: 3000).joined(separator: ",") + "]",
            // Transaction Builder files: well-formed, for another chain, with a wrong checksum, a hostile method, a deep tuple.
            "{\"version\":\"1.0\",\"chainId\":\"31337\",\"meta\":{},\"transactions\":[{\"to\":\"\(to)\",\"value\":\"1\",\"data\":null}]}",
            "{\"chainId\":\"1\",\"transactions\":[{\"to\":\"\(to)\",\"value\":\"1\"}]}",
            "{\"chainId\":\"31337\",\"meta\":{\"checksum\":\"0x00\"},\"transactions\":[{\"to\":\"\(to)\",\"value\":\"1\"}]}",
            "{\"chainId\":\"31337\",\"transactions\":[{\"to\":\"\(to)\",\"value\":\"0\",\"contractMethod\":{\"name\":\"f\",\"inputs\":[{\"name\":\"x\",\"type\":\"uint256[99999999]\"}]},\"contractInputsValues\":{\"x\":\"[1]\"}}]}",
            "{\"chainId\":\"31337\",\"transactions\":[{\"to\":\"\(to)\",\"contractMethod\":{\"name\":\"g\",\"inputs\":[{\"name\":\"t\",\"type\":\"tuple\",\"components\":"
                + String(repeating: "[{\"name\":\"u\",\"type\":\"tuple\",\"components\":", count: 200) + "[]" + String(repeating: "}]", count: 200)
                + "}]},\"contractInputsValues\":{\"t\":\"[]\"}}]}",
        ]
    }

    /// Keystore V3 files: a valid light one (password `password`), then absurd or malformed parameters.
    static func keystoreFiles(key: PrivateKey) throws -> [String] {
        let valid = String(decoding: try key.withUnsafeBytes { raw in
            try KeystoreV3.encrypt(secret: Array(raw), password: password, scrypt: .light, address: key.address)
        }, as: UTF8.self)
        func replacing(_ field: String, _ value: String) -> String {
            guard let range = valid.range(of: "\"\(field)\":") else { return valid + "\u{0}" }
            let rest = valid[range.upperBound...]
            let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }) ?? rest.endIndex
            return valid.replacingCharacters(in: range.upperBound..<end, with: value)
        }
        return [
            valid, replacing("n", "1099511627776"), replacing("n", "3"), replacing("n", "0"), replacing("n", "-4096"), replacing("n", "1e400"),
            replacing("n", FuzzValues.twoTo256), replacing("n", "\"4096\""), replacing("r", "0"), replacing("r", "4294967296"), replacing("p", "1000000"),
            replacing("dklen", "4294967296"), replacing("dklen", "0"), replacing("dklen", "16"), replacing("kdf", "\"pbkdf2\""),
            replacing("kdf", "\"argon2\""), replacing("cipher", "\"aes-256-gcm\""), replacing("mac", "\"00\""), replacing("mac", "7"),
            replacing("iv", "\"0x\""), replacing("ciphertext", "\"\""), replacing("ciphertext", "\"" + String(repeating: "ab", count: 100_000) + "\""),
            replacing("salt", "\"zz\""), replacing("version", "4"), replacing("version", "\"3\""), replacing("crypto", "[]"),
            #"{"version": 3, "crypto": {"kdf": "pbkdf2", "kdfparams": {"c": 33554432, "dklen": 32, "prf": "hmac-sha256", "salt": "00"}, "cipher": "aes-128-ctr", "cipherparams": {"iv": "00000000000000000000000000000000"}, "ciphertext": "00", "mac": "0000000000000000000000000000000000000000000000000000000000000000"}}"#,
            #"{"version": 3, "crypto": {"kdf": "pbkdf2", "kdfparams": {"c": 2, "dklen": 32, "prf": "hmac-sha512", "salt": "00"}, "cipher": "aes-128-ctr", "cipherparams": {"iv": "00000000000000000000000000000000"}, "ciphertext": "00", "mac": "0000000000000000000000000000000000000000000000000000000000000000"}}"#,
            String(valid.prefix(valid.count / 2)),
        ]
    }
}
