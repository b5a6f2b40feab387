import BigInt
import EthereumKit

/// Why a signature-exchange file was refused.
public enum SafeTransactionFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case notJSON(String)
    case wrongFormat
    case unsupportedFileVersion(String)
    case missingField(String)
    case invalidField(String, String)
    case hashMismatch(stated: String, computed: String)
    case signatureMismatch(owner: Address, recovered: Address)
    case badSignature(owner: String, reason: String)

    public var description: String {
        switch self {
        case .notJSON(let why): return "not a Safe transaction file: \(why)"
        case .wrongFormat: return "not a Safe transaction file: \"format\" must be \"\(SafeTransactionFile.format)\""
        case .unsupportedFileVersion(let v): return "Safe transaction file version \(v) is not supported (this Bifrost reads version 1)"
        case .missingField(let f): return "the Safe transaction file has no \"\(f)\""
        case .invalidField(let f, let why): return "the Safe transaction file's \"\(f)\" is invalid: \(why)"
        case .hashMismatch(let stated, let computed):
            return "the file states safeTxHash \(stated) but its transaction hashes to \(computed)"
        case .signatureMismatch(let owner, let recovered):
            return "the signature listed for \(owner.checksummed) was made by \(recovered.checksummed), or over another hash"
        case .badSignature(let owner, let reason): return "the signature listed for \(owner) is unusable: \(reason)"
        }
    }
}

/// The signature-exchange file passed between owners: one Safe transaction, self-describing
/// (format, version, chain ID, Safe, Safe version), with the signatures collected so far.
/// Everything is re-derived on read: the hash from the fields, each owner from its signature.
public struct SafeTransactionFile: Sendable, Equatable {
    /// The `format` value every file carries.
    public static let format = "bifrost.safe-transaction"
    /// The file layout version written.
    public static let fileVersion = 1

    public let transaction: SafeTx
    public let safeTxHash: [UInt8]
    public let signatures: [SafeSignature]

    /// A file for `transaction` with `signatures`; the hash is computed here.
    public init(transaction: SafeTx, signatures: [SafeSignature]) throws(SafeKitError) {
        self.transaction = transaction
        self.safeTxHash = try transaction.hash()
        self.signatures = signatures.sorted { $0.owner < $1.owner }
    }

    /// The JSON document, pretty-printed.
    public var json: String {
        let t = transaction
        let fields: [(key: String, value: JSONValue)] = [
            (key: "to", value: .string(t.to.checksummed)), (key: "value", value: .string(String(t.value))),
            (key: "data", value: .string(Hex.encode(t.data))), (key: "operation", value: .number(String(t.operation.rawValue))),
            (key: "safeTxGas", value: .string(String(t.safeTxGas))), (key: "baseGas", value: .string(String(t.baseGas))),
            (key: "gasPrice", value: .string(String(t.gasPrice))), (key: "gasToken", value: .string(t.gasToken.checksummed)),
            (key: "refundReceiver", value: .string(t.refundReceiver.checksummed)), (key: "nonce", value: .string(String(t.nonce))),
        ]
        let tx: JSONValue = .object(fields)
        let sigs: [JSONValue] = signatures.map {
            .object([(key: "owner", value: .string($0.owner.checksummed)), (key: "signature", value: .string(Hex.encode($0.bytes)))])
        }
        var members: [(key: String, value: JSONValue)] = [
            ("format", .string(Self.format)), ("version", .number(String(Self.fileVersion))),
        ]
        if let chainID = t.chainID { members.append(("chainId", .string(String(chainID)))) }
        members += [
            ("safe", .string(t.safe.checksummed)), ("safeVersion", .string(t.version.rawValue)),
            ("safeTxHash", .string(Hex.encode(safeTxHash))), ("transaction", tx), ("signatures", .array(sigs)),
        ]
        return JSONWriter.write(.object(members), pretty: true) + "\n"
    }

    /// Reads and verifies a file: the stated hash must match the fields, and every signature must
    /// recover to the owner it is listed for. Whether those owners own the Safe is the caller's check.
    public init(json text: String) throws(SafeTransactionFileError) {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw .notJSON(error.description) }
        guard root.objectValue != nil else { throw .notJSON("the document is not a JSON object") }
        guard root["format"]?.stringValue == Self.format else { throw .wrongFormat }
        guard let version = root["version"] else { throw .missingField("version") }
        guard case .number(let versionNumber) = version else { throw .invalidField("version", "must be a number") }
        guard versionNumber == String(Self.fileVersion) else { throw .unsupportedFileVersion(versionNumber) }
        guard let tx = root["transaction"] else { throw .missingField("transaction") }
        guard tx.objectValue != nil else { throw .invalidField("transaction", "must be an object") }

        // Types are exact: a number where a string belongs, or "1e18" for a decimal, is refused,
        // because a lenient reader and a strict one would see two different transactions.
        func string(_ v: JSONValue?, _ name: String) throws(SafeTransactionFileError) -> String {
            guard let v else { throw .missingField(name) }
            guard let s = v.stringValue else { throw .invalidField(name, "must be a string") }
            return s
        }
        func address(_ v: JSONValue?, _ name: String) throws(SafeTransactionFileError) -> Address {
            let s = try string(v, name)
            do { return try Address(s) } catch { throw .invalidField(name, error.description) }
        }
        func number(_ v: JSONValue?, _ name: String) throws(SafeTransactionFileError) -> BigUInt {
            let s = try string(v, name)
            guard let n = IntegerText.parseStrictDecimalUInt256(s) else {
                throw .invalidField(name, "must be a decimal string of digits below 2^256")
            }
            return n
        }
        let versionText = try string(root["safeVersion"], "safeVersion")
        guard let safeVersion = SafeVersion(reported: versionText) else { throw .invalidField("safeVersion", "unknown version \(versionText)") }
        let dataText = try string(tx["data"], "data")
        let data: [UInt8]
        do { data = try Hex.decode(dataText) } catch { throw .invalidField("data", error.description) }
        guard let opValue = tx["operation"] else { throw .missingField("operation") }
        guard case .number(let opText) = opValue, let operation = ["0": SafeOperation.call, "1": .delegateCall][opText] else {
            throw .invalidField("operation", "must be the number 0 (call) or 1 (delegatecall)")
        }
        let chainID: BigUInt? = root["chainId"] == nil ? nil : try number(root["chainId"], "chainId")
        let transaction = SafeTx(
            safe: try address(root["safe"], "safe"), chainID: chainID, version: safeVersion,
            to: try address(tx["to"], "to"), value: try number(tx["value"], "value"), data: data, operation: operation,
            safeTxGas: try number(tx["safeTxGas"], "safeTxGas"), baseGas: try number(tx["baseGas"], "baseGas"),
            gasPrice: try number(tx["gasPrice"], "gasPrice"), gasToken: try address(tx["gasToken"], "gasToken"),
            refundReceiver: try address(tx["refundReceiver"], "refundReceiver"), nonce: try number(tx["nonce"], "nonce"))
        let hash: [UInt8]
        do { hash = try transaction.hash() } catch { throw .invalidField("chainId", error.description) }
        let stated = try string(root["safeTxHash"], "safeTxHash")
        guard (try? Hex.decode(stated)) == hash else { throw .hashMismatch(stated: stated, computed: Hex.encode(hash)) }

        let signatures = try Self.signatures(root["signatures"], over: hash)
        self.transaction = transaction
        self.safeTxHash = hash
        self.signatures = signatures.sorted { $0.owner < $1.owner }
    }

    /// The `signatures` array of an exchange file, each recovered over `hash` and required to be
    /// the owner it is listed for. An owner listed twice keeps every entry: which one stands is for
    /// the signature gate, which checks each, and `ConfirmationSet` to settle, so an unverified
    /// claim listed first cannot push out the same owner's real signature. Both exchange files
    /// (transactions and messages) read their signatures here.
    static func signatures(_ value: JSONValue?, over hash: [UInt8]) throws(SafeTransactionFileError) -> [SafeSignature] {
        let entries: [JSONValue]
        switch value {
        case nil: entries = []
        case .array(let items)?: entries = items
        case _?: throw .invalidField("signatures", "must be an array")
        }
        var signatures: [SafeSignature] = []
        for entry in entries {
            guard entry.objectValue != nil else { throw .invalidField("signatures[]", "each entry must be an object") }
            guard let ownerText = entry["owner"]?.stringValue else { throw .invalidField("signatures[].owner", "must be a string") }
            let owner: Address
            do { owner = try Address(ownerText) } catch { throw .invalidField("signatures[].owner", error.description) }
            guard let hex = entry["signature"]?.stringValue else { throw .invalidField("signatures[].signature", "must be a string") }
            guard let bytes = try? Hex.decode(hex) else { throw .badSignature(owner: ownerText, reason: "not hex") }
            let signature: SafeSignature
            do { signature = try SafeSignature(bytes: bytes, safeTxHash: hash) } catch { throw .badSignature(owner: ownerText, reason: error.description) }
            guard signature.owner == owner else { throw .signatureMismatch(owner: owner, recovered: signature.owner) }
            if !signatures.contains(signature) { signatures.append(signature) }
        }
        return signatures
    }
}
