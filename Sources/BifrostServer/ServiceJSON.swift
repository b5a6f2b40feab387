import BigInt
import Foundation
import Networking
import Services

/// The official Transaction Service's JSON for what a co-signing server holds: camelCase, with
/// nonces and gas figures as strings in v2 and numbers in v1.
enum ServiceJSON {
    /// A multisig transaction; `confirmed` (Bifrost's own member) says its execution is past the reorganisation depth.
    static func transaction(_ s: SafeTransactionEntry, threshold: BigUInt?, confirmed: Bool, v2: Bool) -> JSONValue {
        var wire = ServiceWireTransaction(s.transaction, safeTxHash: s.safeTxHash)
        wire.submissionDate = s.createdAt
        wire.modified = s.updatedAt
        wire.transactionHash = s.executionHash
        wire.proposer = s.proposer
        wire.isExecuted = s.isExecuted
        wire.isSuccessful = s.isSuccessful
        wire.origin = s.origin
        wire.confirmationsRequired = threshold
        wire.confirmations = s.storedSignatures.map { ServiceWireConfirmation($0.signature, submissionDate: $0.addedAt) }
        wire.signatures = s.storedSignatures.isEmpty ? nil : SafeSignature.pack(s.storedSignatures.map(\.signature))
        wire.dataDecoded = CallDecoder().decode(s.transaction).dataDecoded
        guard case .object(let members) = wire.json(v2: v2) else { return wire.json(v2: v2) }
        return .object(members + [(key: "confirmed", value: .bool(confirmed))])
    }

    /// A Safe message with its confirmations and, once the threshold is met, the prepared signature.
    static func message(_ d: SafeMessageDetail) -> JSONValue {
        let e = d.entry
        let content = (try? e.safeMessage().content) ?? .text(e.message)
        return ServiceWireMessage(safe: e.safe, messageHash: e.messageHash, content: content, proposedBy: e.proposer, safeAppID: e.safeAppID,
                                  confirmations: e.storedSignatures.map { ServiceWireMessage.Confirmation($0.signature, at: $0.addedAt) },
                                  preparedSignature: d.finalSignature, origin: e.origin, created: e.createdAt, modified: e.updatedAt).json
    }

    static func safe(_ state: SafeState) -> JSONValue {
        let s = state.safe
        return ServiceWireSafe(address: s.address, nonce: s.nonce, threshold: s.threshold, owners: s.owners, masterCopy: nil, modules: s.modules,
                               fallbackHandler: s.fallbackHandler, guardAddress: s.guardAddress, version: s.version).json
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
        ServiceWirePage(count: count, next: next, previous: previous, results: results).json
    }

    /// A refusal as Django REST Framework words one: the field, then its messages.
    static func error(_ e: FieldError) -> JSONValue { object([(e.field, .array([.string(e.reason)]))]) }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }

    static func date(_ date: Date) -> JSONValue { ServiceWireDate.json(date) }
}
