import BigInt
import EthereumKit

/// The file owners pass around to collect a Safe message's signatures, as they do for
/// transactions: self-describing (format, version, chain, Safe, release), the message, and the
/// signatures so far. Everything is re-derived on read: the hash from the message, each owner from
/// its signature.
public struct SafeMessageFile: Sendable {
    /// The `format` value every file carries.
    public static let format = "bifrost.safe-message"
    /// The file layout version written.
    public static let fileVersion = 1

    public let message: SafeMessage
    public let messageHash: [UInt8]
    public let signatures: [SafeSignature]

    /// A file for `message` with `signatures`; the hash is computed here.
    public init(message: SafeMessage, signatures: [SafeSignature]) throws(SafeKitError) {
        self.message = message
        messageHash = try message.hash()
        self.signatures = signatures.sorted { $0.owner < $1.owner }
    }

    /// The JSON document, pretty-printed.
    public var json: String {
        let (kind, body) = message.content.stored
        let sigs: [JSONValue] = signatures.map {
            .object([(key: "owner", value: .string($0.owner.checksummed)), (key: "signature", value: .string(Hex.encode($0.bytes)))])
        }
        return JSONWriter.write(.object([
            ("format", .string(Self.format)), ("version", .number(String(Self.fileVersion))), ("chainId", .string(String(message.chainID))),
            ("safe", .string(message.safe.checksummed)), ("safeVersion", .string(message.version.rawValue)),
            ("messageHash", .string(Hex.encode(messageHash))), ("kind", .string(kind)), ("message", .string(body)), ("signatures", .array(sigs)),
        ]), pretty: true) + "\n"
    }

    /// Reads and verifies a file: the stated hash must be the message's, and every signature must
    /// recover to the owner it is listed for. Whether those owners own the Safe is the caller's check.
    public init(json text: String) throws(SafeKitError) {
        func refused(_ why: String) -> SafeKitError { .invalidMessage("the Safe message file \(why)") }
        guard let root = try? JSONParser.parse(text), root.objectValue != nil else { throw refused("is not a JSON object") }
        guard root["format"]?.stringValue == Self.format else { throw refused("is not one: \"format\" must be \"\(Self.format)\"") }
        guard root["version"] == .number(String(Self.fileVersion)) else { throw refused("is not of version \(Self.fileVersion)") }
        func string(_ key: String) throws(SafeKitError) -> String {
            guard let value = root[key]?.stringValue else { throw refused("has no string \"\(key)\"") }
            return value
        }
        guard let chainID = IntegerText.parseStrictDecimalUInt256(try string("chainId")) else { throw refused("has an invalid \"chainId\"") }
        guard let safe = try? Address(try string("safe")) else { throw refused("has an invalid \"safe\"") }
        guard let version = SafeVersion(reported: try string("safeVersion")) else { throw refused("has an unknown \"safeVersion\"") }
        let content = try SafeMessage.Content(kind: try string("kind"), text: try string("message"))
        let message = SafeMessage(safe: safe, chainID: chainID, version: version, content: content)
        let hash = try message.hash()
        let stated = try string("messageHash")
        guard (try? Hex.decode(stated)) == hash else { throw refused("states messageHash \(stated) but its message hashes to \(Hex.encode(hash))") }
        let signatures: [SafeSignature]
        do { signatures = try SafeTransactionFile.signatures(root["signatures"], over: hash) } catch { throw refused("has a bad signature: \(error)") }
        self.message = message
        messageHash = hash
        self.signatures = signatures.sorted { $0.owner < $1.owner }
    }
}
