import BigInt
import EthereumKit
import Foundation
import Networking
import Testing

/// The file of cases that Tests/Ledger/reference_cases.py writes from Ledger's own clients
/// (scripts/ledger-reference-test makes it and names it in BIFROST_LEDGER_REFERENCE_CASES).
enum LedgerReferenceFile {
    static let variable = "BIFROST_LEDGER_REFERENCE_CASES"
    static var path: String? { ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 } }
    static var required: Bool { ProcessInfo.processInfo.environment["BIFROST_REQUIRE_LEDGER_REFERENCE"] == "1" }
}

/// Bifrost's APDUs, answer parsing and HID framing held byte for byte to ledger_app_clients.ethereum,
/// ledgereth, ragger, ledgerblue and ledgercomm on the generator's fixed and random cases. Without the
/// file the comparison is skipped by design; BIFROST_REQUIRE_LEDGER_REFERENCE=1 makes a missing file fail.
@Suite("Ledger against Ledger's own clients")
struct LedgerReferenceTests {
    @Test("the reference file is there when it is required", .enabled(if: LedgerReferenceFile.required))
    func required() {
        let path = LedgerReferenceFile.path
        #expect(path != nil, "BIFROST_REQUIRE_LEDGER_REFERENCE=1 but \(LedgerReferenceFile.variable) is not set")
        if let path { #expect(FileManager.default.isReadableFile(atPath: path), "cannot read \(path)") }
    }

    @Test("every case matches", .enabled(if: LedgerReferenceFile.path != nil, "set BIFROST_LEDGER_REFERENCE_CASES (scripts/ledger-reference-test does)"))
    func compare() async throws {
        let path = try #require(LedgerReferenceFile.path)
        let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        let json = try JSONParser.parse([UInt8](data))
        var tally = Tally()
        for item in try #require(json["cases"]?.arrayValue) {
            let client = try #require(item["client"]?.stringValue)
            let label = "\(client) \(item["command"]?.stringValue ?? "?") case \(tally.count(client))"
            do {
                try await Self.check(item, client: client, tally: &tally)
            } catch {
                tally.mismatches += 1
                Issue.record("\(label): \(error)")
            }
        }
        for item in try #require(json["hid"]?.arrayValue) {
            tally.hid += 1
            do { try Self.checkHID(item, tally: &tally) } catch {
                tally.mismatches += 1
                Issue.record("HID framing case \(tally.hid): \(error)")
            }
        }
        print("ledger references: seed \(json["seed"]?.text ?? "?"): \(tally.app) ledger_app_clients.ethereum cases, \(tally.ledgereth) ledgereth cases"
            + " (\(tally.extraEmptyChunk) where ledgereth sends one more, empty, chunk; \(tally.ledgerethMisreadV) where it misreads a legacy v),"
            + " \(tally.ragger) ragger app-info cases, \(tally.hid) HID framing cases (ledgerblue both ways, \(tally.ledgercomm) against ledgercomm both ways),"
            + " \(tally.mismatches) mismatches")
        #expect(tally.mismatches == 0)
        #expect(tally.app >= 1000 && tally.ledgereth >= 1000 && tally.hid >= 1000, "fewer than a thousand cases per client")
    }

    struct Tally {
        var app = 0, ledgereth = 0, ragger = 0, hid = 0, ledgercomm = 0, mismatches = 0
        var extraEmptyChunk = 0, ledgerethMisreadV = 0
        mutating func count(_ client: String) -> Int {
            switch client {
            case "ledger_app_clients.ethereum": app += 1; return app
            case "ledgereth": ledgereth += 1; return ledgereth
            default: ragger += 1; return ragger
            }
        }
    }

    struct Mismatch: Error, CustomStringConvertible {
        let description: String
        init(_ what: String, ours: some CustomStringConvertible, theirs: some CustomStringConvertible) {
            description = "\(what): ours \(ours), theirs \(theirs)"
        }
        init(_ what: String) { description = what }
    }

    static func hex(_ value: JSONValue?) throws -> [UInt8] {
        guard let text = value?.stringValue else { throw Mismatch("a hex field is missing") }
        return try Hex.decode(text)
    }

    static func check(_ item: JSONValue, client: String, tally: inout Tally) async throws {
        let command = item["command"]?.stringValue ?? ""
        let theirs = try (item["apdus"]?.arrayValue ?? []).map { try hex($0) }
        let expected = item["expected"]
        switch command {
        case "configuration":
            guard theirs == [LedgerEthereumAPDU.getConfiguration()] else { throw Mismatch("configuration", ours: Hex.encode(LedgerEthereumAPDU.getConfiguration()), theirs: theirs.map { Hex.encode($0) }) }
            return
        case "appInfo":
            let ledger = ScriptedLedger(last: LedgerAnswer(data: try hex(item["answer"]), status: 0x9000))
            let info = try await LedgerEthereumApp(transport: ledger).appInfo()
            try same("APDUs", ledger.apdus, theirs)
            try same("app name", info.name, expected?["name"]?.stringValue ?? "")
            try same("app version", info.version, expected?["version"]?.stringValue ?? "")
            return
        default: break
        }
        let path = DerivationPath(components: try (item["path"]?.arrayValue ?? []).map { value in
            guard let text = value.text, let index = UInt32(text) else { throw Mismatch("a path index is not a UInt32") }
            return index
        })
        let signer = try Address(item["signer"]?.stringValue ?? "")
        let answer = try hex(item["answer"])
        // What ours sends, before sending it: the device answers the last chunk.
        let ours: [[UInt8]]
        switch command {
        case "address": ours = [try LedgerEthereumAPDU.getAddress(at: path, display: item["display"] == .bool(true))]
        case "personal": ours = try LedgerEthereumAPDU.signPersonalMessage(try hex(item["message"]), at: path)
        case "typed": ours = [try LedgerEthereumAPDU.signTypedDataHashes(domainHash: try hex(item["domainHash"]), messageHash: try hex(item["messageHash"]), at: path)]
        case "transaction": ours = try LedgerEthereumAPDU.signTransaction(payload: try transaction(item["tx"]).signingPayload(), at: path)
        default: throw Mismatch("unknown command \(command)")
        }
        if client == "ledgereth", theirs.count == ours.count + 1, theirs.last == [0xE0, ours[0][1], 0x80, 0x00, 0x00] {
            // ledgereth's one difference in what it sends (LedgerEthereumAPDU.signTransaction says more).
            tally.extraEmptyChunk += 1
            try same("APDUs", ours, Array(theirs.dropLast()))
        } else {
            try same("APDUs", ours, theirs)
        }
        let ledger = ScriptedLedger(lastIndex: ours.count - 1, last: LedgerAnswer(data: answer, status: 0x9000))
        let app = LedgerEthereumApp(transport: ledger)
        switch command {
        case "address":
            let address = try await app.address(at: path, display: item["display"] == .bool(true))
            try same("address", address.lowercased, "0x" + (expected?["address"]?.stringValue ?? ""))
        case "personal", "typed":
            let signature = command == "personal"
                ? try await app.signPersonalMessage(try hex(item["message"]), at: path, expecting: signer)
                : try await app.signTypedDataHashes(domainHash: try hex(item["domainHash"]), messageHash: try hex(item["messageHash"]), at: path, expecting: signer)
            try same("v", String(signature.v), expected?["v"]?.text ?? "")
            try sameSignature(signature, expected)
        case "transaction":
            let tx = try transaction(item["tx"])
            let signed = try await app.signTransaction(tx, at: path, expecting: signer)
            try sameSignature(signed.signature, expected)
            let theirV = expected?["v"]?.text ?? ""
            if client == "ledgereth" {
                // ledgereth's whole v (or y parity); where 35 + 2 x chain ID ends in 0xFF and the
                // parity is 1 the byte wraps to 0 and ledgereth subtracts instead: a known bug there.
                if String(signed.v) != theirV, tx.type == .legacy, let chain = tx.chainID, (chain * 2 + 35) % 256 == 255 {
                    tally.ledgerethMisreadV += 1
                } else {
                    try same("v", String(signed.v), theirV)
                }
            } else {
                // The app's client reads the byte as it comes: the low byte of the whole v.
                try same("v byte", String(signed.v & 0xFF), theirV)
            }
        default: break
        }
        try same("APDUs sent", ledger.apdus, ours)
    }

    static func sameSignature(_ signature: Signature, _ expected: JSONValue?) throws {
        try same("r", Hex.encode(signature.r, prefix: false), expected?["r"]?.stringValue ?? "")
        try same("s", Hex.encode(signature.s, prefix: false), expected?["s"]?.stringValue ?? "")
    }

    static func same<T: Equatable>(_ what: String, _ ours: T, _ theirs: T) throws {
        guard ours == theirs else { throw Mismatch(what, ours: "\(ours)", theirs: "\(theirs)") }
    }

    static func transaction(_ json: JSONValue?) throws -> Transaction {
        guard let json else { throw Mismatch("no transaction") }
        func number(_ key: String) throws -> BigUInt {
            guard let text = json[key]?.text, let value = BigUInt(text) else { throw Mismatch("transaction field \(key)") }
            return value
        }
        let type: TransactionType
        switch json["type"]?.stringValue {
        case "eip1559": type = .dynamicFee
        case "eip2930": type = .accessList
        default: type = .legacy
        }
        let to = try json["to"]?.stringValue.map { try Address("0x" + $0) }
        let accessList = try (json["accessList"]?.arrayValue ?? []).map { entry in
            AccessListEntry(address: try Address("0x" + (entry["address"]?.stringValue ?? "")),
                            storageKeys: try (entry["storageKeys"]?.arrayValue ?? []).map { try hex($0) })
        }
        return Transaction(type: type, chainID: json["chainId"] == .null ? nil : try number("chainId"), nonce: try number("nonce"),
                           gasPrice: try number("gasPrice"), maxPriorityFeePerGas: try number("maxPriorityFeePerGas"),
                           maxFeePerGas: try number("maxFeePerGas"), gasLimit: try number("gas"), to: to, value: try number("value"),
                           data: try hex(json["data"]), accessList: accessList)
    }

    static func checkHID(_ item: JSONValue, tally: inout Tally) throws {
        let apdu = try hex(item["apdu"])
        let ours = LedgerHIDFraming.wrap(apdu: apdu)
        try same("reports (ledgerblue)", ours, try (item["ledgerblue"]?.arrayValue ?? []).map { try hex($0) })
        let written = try (item["ledgercomm"]?.arrayValue ?? []).map { try hex($0) }
        if !apdu.isEmpty {
            // ledgercomm writes the report id 0 first, and leaves the last report unpadded.
            tally.ledgercomm += 1
            try same("report count (ledgercomm)", ours.count, written.count)
            for (report, write) in zip(ours, written) {
                guard write.first == 0, Array(report.prefix(write.count - 1)) == Array(write.dropFirst()),
                      report.dropFirst(write.count - 1).allSatisfy({ $0 == 0 })
                else { throw Mismatch("report (ledgercomm)", ours: Hex.encode(report), theirs: Hex.encode(write)) }
            }
        }
        let answerReports = try (item["answerReports"]?.arrayValue ?? []).map { try hex($0) }
        let unwrapped = try LedgerHIDFraming.unwrap(reports: answerReports)
        try same("answer (ledgerblue)", unwrapped, try hex(item["ledgerblueAnswer"]))
        let answer = LedgerAnswer(dataAndStatus: unwrapped)
        let comm = item["ledgercommAnswer"]
        try same("answer (ledgercomm)", answer, LedgerAnswer(data: try hex(comm?["data"]), status: UInt16(comm?["status"]?.text ?? "") ?? 0))
    }
}
