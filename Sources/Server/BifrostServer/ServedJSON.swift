import BigInt
import CoSigning
import CoSigningStorage
import Foundation
import Networking
import Services

/// The official Transaction Service's JSON for what a co-signing server holds: camelCase, with
/// nonces and gas figures as strings in v2 and numbers in v1.
enum ServedJSON {
    /// A multisig transaction; `confirmed` (Bifrost's own member) says its execution is past the reorganisation depth.
    /// With `execution`, its block, time, executor and cost as the chain recorded them.
    /// A delegate's proposal names its delegator as `proposer` and the delegate as `proposedByDelegate`.
    static func transaction(_ s: SafeTransactionEntry, threshold: BigUInt?, confirmed: Bool, v2: Bool, execution: ServedExecution? = nil,
                            proposedByDelegate: Address? = nil) -> JSONValue {
        var wire = ServiceWireTransaction(s.transaction, safeTxHash: s.safeTxHash)
        wire.submissionDate = s.createdAt
        wire.modified = s.updatedAt
        wire.transactionHash = s.executionHash
        wire.proposer = s.proposer
        wire.proposedByDelegate = proposedByDelegate
        wire.isExecuted = s.isExecuted
        wire.isSuccessful = s.isSuccessful
        wire.origin = s.origin
        wire.confirmationsRequired = threshold
        wire.confirmations = s.storedSignatures.map { ServiceWireConfirmation($0.signature, submissionDate: $0.addedAt) }
        wire.signatures = s.storedSignatures.isEmpty ? nil : SafeSignature.pack(s.storedSignatures.map(\.signature))
        wire.dataDecoded = CallDecoder().decode(s.transaction).dataDecoded
        // The chain's word on the execution stands even before the follower has marked it.
        if let execution {
            wire.transactionHash = execution.execution.log.transactionHash
            wire.isExecuted = true
            wire.isSuccessful = execution.execution.success
            wire.executionDate = execution.date
            wire.blockNumber = execution.execution.log.blockNumber
            wire.executor = execution.execution.carrier?.from
            wire.fee = execution.execution.fee
            wire.gasUsed = execution.execution.gasUsed
            wire.ethGasPrice = execution.execution.gasPrice
            wire.maxFeePerGas = execution.execution.carrier?.maxFeePerGas
            wire.maxPriorityFeePerGas = execution.execution.carrier?.maxPriorityFeePerGas
        }
        return adding(wire.json(v2: v2), [("confirmed", .bool(confirmed))])
    }

    /// A Safe message with its confirmations and, once the threshold is met, the prepared signature.
    static func message(_ d: SafeMessageDetail) -> JSONValue {
        let e = d.entry
        let content = (try? e.safeMessage().content) ?? .text(e.message)
        return ServiceWireMessage(safe: e.safe, messageHash: e.messageHash, content: content, proposedBy: e.proposer, safeAppID: e.safeAppID,
                                  confirmations: e.storedSignatures.map { ServiceWireMessage.Confirmation($0.signature, at: $0.addedAt) },
                                  preparedSignature: d.finalSignature, origin: e.origin, created: e.createdAt, modified: e.updatedAt).json
    }

    static func safe(_ d: ServedSafeDescription) -> JSONValue {
        let s = d.state.safe
        return ServiceWireSafe(address: s.address, nonce: s.nonce, threshold: s.threshold, owners: s.owners, masterCopy: d.masterCopy, modules: s.modules,
                               fallbackHandler: s.fallbackHandler, guardAddress: s.guardAddress, moduleGuard: d.state.moduleGuard,
                               version: d.version).json
    }

    /// A Safe in the v2 owners listing, as the official's last status of it: the nonce a number, the modules `enabledModules`.
    static func ownedSafe(_ d: ServedSafeDescription) -> JSONValue {
        let s = d.state.safe
        return object([("address", .string(s.address.checksummed)), ("owners", .array(s.owners.map { .string($0.checksummed) })),
                       ("threshold", .number(String(s.threshold))), ("nonce", .number(String(s.nonce))), ("masterCopy", .string(d.masterCopy.checksummed)),
                       ("fallbackHandler", .string(s.fallbackHandler.checksummed)), ("guard", .string(s.guardAddress.checksummed)),
                       ("moduleGuard", .string((d.state.moduleGuard ?? .zero).checksummed)), ("enabledModules", .array(s.modules.map { .string($0.checksummed) }))])
    }

    /// A delegate as listed; as added, with the `signature` that added it, as the official echoes it.
    static func delegate(_ d: ServedDelegate, signature: [UInt8]? = nil) -> JSONValue {
        // The client's wire type, so both ends write one shape; the answer to an addition repeats its signature.
        let listed = ServiceWireDelegate(safe: d.safe, delegate: d.delegate, delegator: d.delegator, label: d.label, expiryDate: d.expiry).json
        guard let signature, case .object(var members) = listed else { return listed }
        members.insert((key: "signature", value: .string(Hex.encode(signature))), at: 3)
        return .object(members)
    }

    /// `{"count", "next", "previous", "results"}`, the official pages.
    static func page(count: Int, next: String?, previous: String?, results: [JSONValue], countUniqueNonce: Int? = nil) -> JSONValue {
        ServiceWirePage(count: count, next: next, previous: previous, results: results, countUniqueNonce: countUniqueNonce).json
    }

    /// A refusal as Django REST Framework words one: the field, then its messages.
    static func error(_ e: FieldError) -> JSONValue { object(e.all.map { ($0.field, .array([.string($0.reason)])) }) }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }

    static func date(_ date: Date) -> JSONValue { ServiceWireDate.json(date) }
}

extension ServedJSON {
    /// A token as the official service describes it (`tokens/{address}/`, a transfer's `tokenInfo`).
    static func token(_ address: Address, _ metadata: TokenMetadata, type: String = "ERC20") -> JSONValue {
        object([("type", .string(type)), ("address", .string(address.checksummed)), ("name", .string(metadata.name)),
                ("symbol", .string(metadata.symbol)), ("decimals", .number(String(metadata.decimals))), ("logoUri", .null), ("trusted", .bool(false))])
    }

    /// One transfer to or from a Safe.
    static func transfer(_ t: ServedTransfer) -> JSONValue {
        let tokenType = t.kind == .erc721 ? "ERC721" : "ERC20"
        return object([
            ("type", .string(t.kind.rawValue)), ("executionDate", date(t.date)), ("blockNumber", .number(String(t.block))),
            ("transactionHash", .string(Hex.encode(t.transactionHash))), ("to", .string(t.to.checksummed)),
            ("value", t.value.map { .string(String($0)) } ?? .null), ("tokenId", t.tokenID.map { .string(String($0)) } ?? .null),
            ("tokenAddress", t.token.map { .string($0.checksummed) } ?? .null), ("transferId", .string(t.id)),
            ("tokenInfo", t.token.flatMap { address in t.metadata.map { token(address, $0, type: tokenType) } } ?? .null),
            ("from", .string(t.from.checksummed)),
        ])
    }

    /// A module's execution; its call is null where only a trace would show it (a module contract calling the Safe).
    static func moduleTransaction(_ e: ServedExecution, safe: Address) -> JSONValue {
        let call = e.execution.call
        let decoded = call.map { CallDecoder().decode(to: $0.to, value: $0.value, data: $0.data, operation: $0.operation).dataDecoded } ?? .null
        return object([
            ("created", date(e.date)), ("executionDate", date(e.date)), ("blockNumber", e.execution.log.blockNumber.map { .number(String($0)) } ?? .null),
            ("isSuccessful", .bool(e.execution.success)), ("transactionHash", e.execution.log.transactionHash.map { .string(Hex.encode($0)) } ?? .null),
            ("safe", .string(safe.checksummed)), ("module", e.execution.module.map { .string($0.checksummed) } ?? .null),
            ("to", call.map { .string($0.to.checksummed) } ?? .null), ("value", call.map { .string(String($0.value)) } ?? .null),
            ("data", call.map { $0.data.isEmpty ? .null : .string(Hex.encode($0.data)) } ?? .null),
            ("operation", call.map { .number(String($0.operation.rawValue)) } ?? .null), ("dataDecoded", decoded),
            ("moduleTransactionId", .string(e.id)),
        ])
    }

    /// `json`, an object, with `members` after its own.
    static func adding(_ json: JSONValue, _ members: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let own) = json else { return json }
        return .object(own + members.map { (key: $0.0, value: $0.1) })
    }
}
