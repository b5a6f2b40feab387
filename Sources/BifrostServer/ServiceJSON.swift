import BigInt
import Foundation
import Services

/// The official Transaction Service's JSON for what a co-signing server holds: camelCase, with
/// nonces and gas figures as strings in v2 and numbers in v1.
enum ServiceJSON {
    static func transaction(_ s: ServedTransaction, threshold: BigUInt?, v2: Bool) -> JSONValue {
        let tx = s.transaction
        func count(_ n: BigUInt) -> JSONValue { v2 ? .string(String(n)) : .number(String(n)) }
        let confirmations: [JSONValue] = s.confirmations.map { c in
            object([("owner", .string(c.signature.owner.checksummed)), ("submissionDate", date(c.createdAt)), ("transactionHash", .null),
                    ("signature", .string(Hex.encode(SafeSignature.pack([c.signature])))), ("signatureType", .string(signatureType(c.signature.kind)))])
        }
        let signatures: JSONValue = s.confirmations.isEmpty ? .null : .string(Hex.encode(SafeSignature.pack(s.confirmations.map(\.signature))))
        return object([
            ("safe", .string(tx.safe.checksummed)), ("to", .string(tx.to.checksummed)), ("value", .string(String(tx.value))),
            ("data", tx.data.isEmpty ? .null : .string(Hex.encode(tx.data))), ("operation", .number(String(tx.operation.rawValue))),
            ("gasToken", .string(tx.gasToken.checksummed)), ("safeTxGas", count(tx.safeTxGas)), ("baseGas", count(tx.baseGas)),
            ("gasPrice", .string(String(tx.gasPrice))), ("refundReceiver", .string(tx.refundReceiver.checksummed)), ("nonce", count(tx.nonce)),
            ("executionDate", .null), ("submissionDate", date(s.createdAt)), ("modified", date(s.modifiedAt)), ("blockNumber", .null),
            ("transactionHash", s.executionHash.map { .string(Hex.encode($0)) } ?? .null), ("safeTxHash", .string(Hex.encode(s.safeTxHash))),
            ("proposer", .string(s.proposer.checksummed)), ("proposedByDelegate", .null), ("executor", .null),
            ("isExecuted", .bool(s.isExecuted)), ("isSuccessful", s.isSuccessful.map(JSONValue.bool) ?? .null), ("ethGasPrice", .null),
            ("maxFeePerGas", .null), ("maxPriorityFeePerGas", .null), ("gasUsed", .null), ("fee", .null),
            ("origin", s.origin.map(JSONValue.string) ?? .null), ("dataDecoded", .null),
            ("confirmationsRequired", threshold.map { .number(String($0)) } ?? .null), ("confirmations", .array(confirmations)),
            ("trusted", .bool(true)), ("signatures", signatures),
        ])
    }

    static func safe(_ state: SafeState) -> JSONValue {
        let s = state.safe
        return object([
            ("address", .string(s.address.checksummed)), ("nonce", .string(String(s.nonce))), ("threshold", .number(String(s.threshold))),
            ("owners", .array(s.owners.map { .string($0.checksummed) })), ("masterCopy", .null),
            ("modules", .array(s.modules.map { .string($0.checksummed) })), ("fallbackHandler", .string(s.fallbackHandler.checksummed)),
            ("guard", .string(s.guardAddress.checksummed)), ("version", .string(s.version)),
        ])
    }

    /// A served Safe as last read, in the v2 owners listing.
    static func servedSafe(_ s: ServedSafe) -> JSONValue {
        object([("address", .string(s.address.checksummed)), ("owners", .array(s.owners.map { .string($0.checksummed) })),
                ("threshold", .number(String(s.threshold))), ("nonce", .string(String(s.nonce))), ("version", .string(s.version))])
    }

    static func delegate(_ d: ServedDelegate) -> JSONValue {
        object([("safe", d.safe.map { .string($0.checksummed) } ?? .null), ("delegate", .string(d.delegate.checksummed)),
                ("delegator", .string(d.delegator.checksummed)), ("label", .string(d.label)), ("expiryDate", d.expiry.map(date) ?? .null)])
    }

    /// `{"count", "next", "previous", "results"}`, the official pages.
    static func page(count: Int, next: String?, previous: String?, results: [JSONValue]) -> JSONValue {
        object([("count", .number(String(count))), ("next", next.map(JSONValue.string) ?? .null),
                ("previous", previous.map(JSONValue.string) ?? .null), ("results", .array(results))])
    }

    /// The official names of the four ways an owner confirms.
    static func signatureType(_ kind: SafeSignature.Kind) -> String {
        switch kind {
        case .ecdsa: "EOA"
        case .ethSign: "ETH_SIGN"
        case .approvedHash: "APPROVED_HASH"
        case .contract: "CONTRACT_SIGNATURE"
        }
    }

    /// A refusal as Django REST Framework words one: the field, then its messages.
    static func error(_ e: FieldError) -> JSONValue { object([(e.field, .array([.string(e.reason)]))]) }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }

    // One style for every date of every listing, not a formatter built per date.
    static let iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func date(_ date: Date) -> JSONValue { .string(iso8601.format(date)) }
}
