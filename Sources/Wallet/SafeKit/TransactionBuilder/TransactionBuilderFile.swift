import BigInt
import EthereumKit
import Foundation

/// A batch file of Safe{Wallet}'s Transaction Builder: `version`, `chainId`, `createdAt`, `meta`
/// (with the checksum) and `transactions`, each `to`, `value` (wei) and either raw `data` or a
/// `contractMethod` with its `contractInputsValues`. Read, checked and turned into calls; and
/// written, for a queued batch to go back to Safe{Wallet}.
public struct TransactionBuilderFile: Sendable, Equatable {
    /// The file's JSON as read.
    public let json: JSONValue
    public let chainID: BigUInt
    public let calls: [MultiSendCall]
    /// The batch's name in `meta`, when it has one.
    public let name: String?

    /// Whether `json` has the Transaction Builder's shape (an object with `transactions`), rather
    /// than Bifrost's plain array of calls.
    public static func looksLike(_ json: JSONValue) -> Bool {
        json.objectValue != nil && json["transactions"]?.arrayValue != nil
    }

    /// Whether the file's `meta.checksum` matches its content; nil when it has none.
    public static func checksumHolds(_ json: JSONValue) -> Bool? {
        guard let stated = json["meta"]?["checksum"]?.stringValue, !stated.isEmpty else { return nil }
        return stated.lowercased() == TransactionBuilderChecksum.compute(json)
    }

    /// The checksum the builder would write for `json`.
    public static func checksum(of json: JSONValue) -> String { TransactionBuilderChecksum.compute(json) }

    /// Reads a file: its checksum must hold when it has one, and every transaction must encode.
    /// Errors name the transaction, and in it the field, input or tuple key.
    public init(json: JSONValue) throws(TransactionBuilderError) {
        guard Self.looksLike(json) else { throw .notABuilderFile }
        guard let chainText = json["chainId"]?.text, let chainID = try? InputText.uint256(chainText) else { throw .badChainID }
        if Self.checksumHolds(json) == false {
            throw .checksumMismatch(stated: json["meta"]?["checksum"]?.stringValue ?? "", computed: Self.checksum(of: json))
        }
        var calls: [MultiSendCall] = []
        for (i, item) in (json["transactions"]?.arrayValue ?? []).enumerated() {
            do throws(TransactionBuilderCallError) { calls.append(try Self.call(item)) } catch { throw .transaction(index: i + 1, error) }
        }
        guard !calls.isEmpty else { throw .noTransactions }
        self.json = json
        self.chainID = chainID
        self.calls = calls
        self.name = json["meta"]?["name"]?.stringValue
    }

    /// A file of `calls` for `safe` on `chainID`, checksummed as the Transaction Builder does.
    public init(calls: [MultiSendCall], safe: Address, chainID: BigUInt, name: String, createdAt: Date) throws(TransactionBuilderError) {
        guard calls.allSatisfy({ $0.operation == .call }) else { throw .delegateCall }
        let transactions: [JSONValue] = calls.map { call in
            .object([(key: "to", value: .string(call.to.checksummed)), (key: "value", value: .string(String(call.value))),
                     (key: "data", value: call.data.isEmpty ? .null : .string(Hex.encode(call.data))),
                     (key: "contractMethod", value: .null), (key: "contractInputsValues", value: .null)])
        }
        let meta: JSONValue = .object([
            (key: "name", value: .string(name)), (key: "description", value: .string("")), (key: "txBuilderVersion", value: .string("1.18.0")),
            (key: "createdFromSafeAddress", value: .string(safe.checksummed)), (key: "createdFromOwnerAddress", value: .string("")),
        ])
        var file: JSONValue = .object([(key: "version", value: .string("1.0")), (key: "chainId", value: .string(String(chainID))),
                                       (key: "createdAt", value: .number(String(Int64(createdAt.timeIntervalSince1970 * 1000)))),
                                       (key: "meta", value: meta), (key: "transactions", value: .array(transactions))])
        let checksum = TransactionBuilderChecksum.compute(file)
        if case .object(var members) = file, let m = members.firstIndex(where: { $0.key == "meta" }), case .object(var metaMembers) = members[m].value {
            metaMembers.append((key: "checksum", value: .string(checksum)))
            members[m].value = .object(metaMembers)
            file = .object(members)
        }
        try self.init(json: file)
    }

    /// The functions its `contractMethod` entries give, with the contracts they call, so that a
    /// review reads those calls with the file's own names.
    public var functions: [(contract: Address, function: ContractFunction)] {
        (json["transactions"]?.arrayValue ?? []).compactMap { item in
            guard let method = item["contractMethod"], method != .null, let to = item["to"]?.stringValue.flatMap({ try? Address($0) }),
                  let function = try? ContractFunction(fragment: method) else { return nil }
            return (to, function)
        }
    }

    /// The file's text, pretty-printed.
    public var text: String { JSONWriter.write(json, pretty: true) }

    private static func call(_ item: JSONValue) throws(TransactionBuilderCallError) -> MultiSendCall {
        guard let toText = item["to"]?.stringValue else { throw .badField("to", reason: "missing") }
        let to: Address, value: BigUInt
        do { to = try InputText.address(toText) } catch { throw .badField("to", reason: error.reason) }
        do { value = try InputText.uint256(item["value"]?.text ?? "0") } catch { throw .badField("value", reason: error.reason) }
        if let dataText = item["data"]?.stringValue, dataText != "0x", !dataText.isEmpty {
            do { return MultiSendCall(to: to, value: value, data: try InputText.hex(dataText)) } catch { throw .badField("data", reason: error.reason) }
        }
        guard let method = item["contractMethod"], method != .null else { return MultiSendCall(to: to, value: value) }
        return MultiSendCall(to: to, value: value, data: try TransactionBuilderMethod.calldata(method, values: item["contractInputsValues"] ?? .null))
    }
}

/// A batch as a person gives it: Bifrost's own forms (a JSON array of calls, or one transfer per
/// line) or a Transaction Builder file, told apart by shape.
public enum BatchInput: Sendable {
    case calls([MultiSendCall])
    case builderFile(TransactionBuilderFile)

    /// Reads `text`; bare amounts in the line form are in `bareUnit`.
    public init(_ text: String, bareUnit: EtherUnit = .wei) throws(InputTextError) {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
            let json: JSONValue
            do { json = try JSONParser.parse(Array(text.utf8)) } catch { throw InputTextError("not JSON: \(error.description)") }
            do { self = .builderFile(try TransactionBuilderFile(json: json)) } catch { throw InputTextError(error.description) }
        } else {
            self = .calls(try InputText.batch(text, bareUnit: bareUnit))
        }
    }
}
