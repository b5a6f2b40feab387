import BigInt
import EthereumKit
import Foundation
import SafeKit

/// A Safe message as the Transaction Service lists it (`/api/v1/messages/{hash}/`), written by
/// the co-signing server and read by a client of any service.
public struct ServiceWireMessage: Sendable {
    /// One owner's signature of the message.
    public struct Confirmation: Sendable, Equatable {
        public var owner: Address
        public var signature: [UInt8]
        /// `EOA`, `ETH_SIGN`, `APPROVED_HASH` or `CONTRACT_SIGNATURE`.
        public var signatureType: String
        public var created: Date?
        public var modified: Date?

        /// The confirmation of `signature`, typed by its kind.
        public init(_ signature: SafeSignature, at time: Date?) {
            owner = signature.owner
            self.signature = SafeSignature.pack([signature])
            signatureType = ServiceWireConfirmation.type(signature.kind)
            created = time
            modified = time
        }

        init(json: JSONValue) throws(ServiceWireError) {
            let f = try ServiceWireFields(json, what: "confirmations")
            owner = try f.address("owner")
            signature = try f.hex("signature") ?? []
            signatureType = try f.string("signatureType") ?? ""
            created = try f.date("created")
            modified = try f.date("modified")
        }

        var json: JSONValue {
            JSONValue.members([("created", ServiceWireDate.json(created)), ("modified", ServiceWireDate.json(modified)),
                                     ("owner", .string(owner.checksummed)), ("signature", .string(Hex.encode(signature))),
                                     ("signatureType", .string(signatureType))])
        }
    }

    public var safe: Address
    public var messageHash: [UInt8]
    /// What is signed: a text, or EIP-712 typed data.
    public var content: SafeMessage.Content
    public var proposedBy: Address?
    public var safeAppID: Int?
    public var confirmations: [Confirmation]
    /// The owners' signatures packed for `isValidSignature`, once the threshold is met.
    public var preparedSignature: [UInt8]?
    public var origin: String?
    public var created: Date?
    public var modified: Date?

    /// A message.
    public init(safe: Address, messageHash: [UInt8], content: SafeMessage.Content, proposedBy: Address?, safeAppID: Int?,
                confirmations: [Confirmation], preparedSignature: [UInt8]?, origin: String?, created: Date?, modified: Date?) {
        self.safe = safe
        self.messageHash = messageHash
        self.content = content
        self.proposedBy = proposedBy
        self.safeAppID = safeAppID
        self.confirmations = confirmations
        self.preparedSignature = preparedSignature
        self.origin = origin
        self.created = created
        self.modified = modified
    }

    /// Reads one from the service's JSON.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "message")
        safe = try f.address("safe")
        messageHash = try f.hash("messageHash")
        content = try Self.content(json["message"] ?? .null)
        proposedBy = try f.optionalAddress("proposedBy")
        safeAppID = try f.optionalNumber("safeAppId").flatMap { Int(exactly: $0) }
        var confirmations: [Confirmation] = []
        for item in f.array("confirmations") { confirmations.append(try Confirmation(json: item)) }
        self.confirmations = confirmations
        preparedSignature = try f.hex("preparedSignature")
        origin = ServiceWireOrigin.read(try f.string("origin"))
        created = try f.date("created")
        modified = try f.date("modified")
    }

    /// The service's JSON.
    public var json: JSONValue {
        JSONValue.members([
            ("created", ServiceWireDate.json(created)), ("modified", ServiceWireDate.json(modified)), ("safe", .string(safe.checksummed)),
            ("messageHash", .string(Hex.encode(messageHash))), ("message", Self.json(content)),
            ("proposedBy", proposedBy.map { .string($0.checksummed) } ?? .null), ("safeAppId", safeAppID.map { .number(String($0)) } ?? .null),
            ("confirmations", .array(confirmations.map(\.json))), ("preparedSignature", preparedSignature.map { .string(Hex.encode($0)) } ?? .null),
            ("origin", ServiceWireOrigin.json(origin)),
        ])
    }

    /// `message` as the service carries it: a string is a text (EIP-191), an object EIP-712 typed data.
    public static func content(_ message: JSONValue) throws(ServiceWireError) -> SafeMessage.Content {
        switch message {
        case .string(let text): return .text(text)
        case .object:
            do { return try .typedData(json: JSONWriter.write(message)) } catch { throw ServiceWireError("message", error.description) }
        default: throw ServiceWireError("message", "must be a text or an EIP-712 typed-data object")
        }
    }

    /// The JSON of `content`: the text, or the typed data's object.
    public static func json(_ content: SafeMessage.Content) -> JSONValue {
        switch content {
        case .text(let text): return .string(text)
        case .typedData(_, let json): return (try? JSONParser.parse(json)) ?? .string(json)
        }
    }
}

/// A Safe message as a client proposes it (`POST /api/v1/safes/{address}/messages/`).
public struct ServiceWireMessageProposal: Sendable {
    public var content: SafeMessage.Content
    public var signature: [UInt8]
    public var safeAppID: Int?
    public var origin: String?

    /// A proposal.
    public init(content: SafeMessage.Content, signature: [UInt8], safeAppID: Int?, origin: String?) {
        self.content = content
        self.signature = signature
        self.safeAppID = safeAppID
        self.origin = origin
    }

    /// Reads the body a client sends; the signature is required.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json)
        content = try ServiceWireMessage.content(json["message"] ?? .null)
        guard let signature = try f.hex("signature"), !signature.isEmpty else { throw ServiceWireError("signature", "a signature is required") }
        self.signature = signature
        if let id = try f.optionalNumber("safeAppId") {
            guard let small = Int(exactly: id), small <= Int(Int32.max) else { throw ServiceWireError("safeAppId", "must be at most \(Int32.max)") }
            safeAppID = small
        }
        origin = try f.string("origin")
    }

    /// The body a client sends.
    public var json: JSONValue {
        JSONValue.members([("message", ServiceWireMessage.json(content)), ("safeAppId", safeAppID.map { .number(String($0)) } ?? .null),
                                 ("signature", .string(Hex.encode(signature))), ("origin", origin.map(JSONValue.string) ?? .null)])
    }

    /// The body a Queue Service client sends: the chain in it, the signatures as a list, the origin as `originName`.
    public func queueJSON(chainID: BigUInt) -> JSONValue {
        JSONValue.members([("chainId", .number(String(chainID))), ("message", ServiceWireMessage.json(content)),
                           ("safeAppId", safeAppID.map { .number(String($0)) } ?? .null), ("signatures", .array([.string(Hex.encode(signature))])),
                           ("originName", origin.map(JSONValue.string) ?? .null)])
    }
}
