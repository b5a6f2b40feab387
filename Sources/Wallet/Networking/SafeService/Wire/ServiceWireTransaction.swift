import BigInt
import EthereumKit
import Foundation
import SafeKit

/// A multisig transaction as the Safe Transaction Service writes it, in its v1 and v2 shapes (v2
/// gives nonce and gas figures as strings, v1 as numbers). Bifrost's client reads it and
/// `bifrost serve` writes it, so the two cannot drift apart. Nothing here is trusted: the client
/// recomputes the hash and recovers every signature from what it reads.
public struct ServiceWireTransaction: Sendable, Equatable {
    public var safe: Address
    public var to: Address
    public var value: BigUInt
    public var data: [UInt8]
    /// The raw operation: 0 call, 1 delegatecall (anything else is the reader's to refuse).
    public var operation: BigUInt
    public var gasToken: Address
    public var safeTxGas: BigUInt
    public var baseGas: BigUInt
    public var gasPrice: BigUInt
    public var refundReceiver: Address
    public var nonce: BigUInt
    public var executionDate: Date?
    public var submissionDate: Date?
    public var modified: Date?
    public var blockNumber: BigUInt?
    /// The Ethereum transaction that executed it.
    public var transactionHash: [UInt8]?
    public var safeTxHash: [UInt8]?
    public var proposer: Address?
    public var proposedByDelegate: Address?
    public var executor: Address?
    public var isExecuted: Bool
    public var isSuccessful: Bool?
    public var ethGasPrice: BigUInt?
    public var maxFeePerGas: BigUInt?
    public var maxPriorityFeePerGas: BigUInt?
    public var gasUsed: BigUInt?
    public var fee: BigUInt?
    public var origin: String?
    /// The service's decoding of `data`, passed through as it came.
    public var dataDecoded: JSONValue
    public var confirmationsRequired: BigUInt?
    public var confirmations: [ServiceWireConfirmation]
    public var trusted: Bool
    /// Every confirmation packed, as `execTransaction` takes them.
    public var signatures: [UInt8]?

    /// The wire form of `tx` with `safeTxHash`; the rest is set by the writer.
    public init(_ tx: SafeTx, safeTxHash: [UInt8]) {
        safe = tx.safe
        to = tx.to
        value = tx.value
        data = tx.data
        operation = BigUInt(tx.operation.rawValue)
        gasToken = tx.gasToken
        safeTxGas = tx.safeTxGas
        baseGas = tx.baseGas
        gasPrice = tx.gasPrice
        refundReceiver = tx.refundReceiver
        nonce = tx.nonce
        self.safeTxHash = safeTxHash
        isExecuted = false
        dataDecoded = .null
        confirmations = []
        trusted = true
    }

    /// Reads one from the service's JSON, v1 or v2.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "result")
        safe = try f.address("safe")
        to = try f.address("to")
        value = try f.number("value")
        data = try f.hex("data") ?? []
        operation = try f.number("operation")
        gasToken = try f.address("gasToken", default: .zero)
        safeTxGas = try f.number("safeTxGas", default: 0)
        baseGas = try f.number("baseGas", default: 0)
        gasPrice = try f.number("gasPrice", default: 0)
        refundReceiver = try f.address("refundReceiver", default: .zero)
        nonce = try f.number("nonce")
        executionDate = try f.date("executionDate")
        submissionDate = try f.date("submissionDate")
        modified = try f.date("modified")
        blockNumber = try f.optionalNumber("blockNumber")
        transactionHash = try f.hex("transactionHash")
        safeTxHash = try f.hex("safeTxHash")
        proposer = try f.optionalAddress("proposer")
        proposedByDelegate = try f.optionalAddress("proposedByDelegate")
        executor = try f.optionalAddress("executor")
        isExecuted = f.bool("isExecuted") ?? false
        isSuccessful = f.bool("isSuccessful")
        ethGasPrice = try f.optionalNumber("ethGasPrice")
        maxFeePerGas = try f.optionalNumber("maxFeePerGas")
        maxPriorityFeePerGas = try f.optionalNumber("maxPriorityFeePerGas")
        gasUsed = try f.optionalNumber("gasUsed")
        fee = try f.optionalNumber("fee")
        // The official service writes origin as text, sometimes JSON inside it; anything else is no origin.
        origin = ServiceWireOrigin.read((try? f.string("origin")) ?? nil)
        dataDecoded = json["dataDecoded"] ?? .null
        confirmationsRequired = try f.optionalNumber("confirmationsRequired")
        var read: [ServiceWireConfirmation] = []
        for item in f.array("confirmations") { read.append(try ServiceWireConfirmation(json: item)) }
        confirmations = read
        trusted = f.bool("trusted") ?? false
        signatures = try f.hex("signatures")
    }

    /// The transaction's ten fields for `chainID` and `version`; an operation other than call or
    /// delegatecall is refused, naming the field.
    public func safeTx(chainID: BigUInt?, version: SafeVersion) throws(ServiceWireError) -> SafeTx {
        guard operation <= 1, let op = SafeOperation(rawValue: UInt8(operation)) else {
            throw ServiceWireError("operation", operation == 2 ? "CREATE is not supported" : "must be 0 (call) or 1 (delegatecall)")
        }
        return SafeTx(safe: safe, chainID: chainID, version: version, to: to, value: value, data: data, operation: op, safeTxGas: safeTxGas,
                      baseGas: baseGas, gasPrice: gasPrice, gasToken: gasToken, refundReceiver: refundReceiver, nonce: nonce)
    }

    /// The service's JSON in the v2 shape, or v1's with numbers where v1 has them.
    public func json(v2: Bool) -> JSONValue {
        func count(_ n: BigUInt) -> JSONValue { v2 ? .string(String(n)) : .number(String(n)) }
        func text(_ n: BigUInt?) -> JSONValue { n.map { .string(String($0)) } ?? .null }
        func number(_ n: BigUInt?) -> JSONValue { n.map { .number(String($0)) } ?? .null }
        func address(_ a: Address?) -> JSONValue { a.map { .string($0.checksummed) } ?? .null }
        func bytes(_ b: [UInt8]?) -> JSONValue { b.map { .string(Hex.encode($0)) } ?? .null }
        return .members([
            ("safe", .string(safe.checksummed)), ("to", .string(to.checksummed)), ("value", .string(String(value))),
            ("data", data.isEmpty ? .null : .string(Hex.encode(data))), ("operation", .number(String(operation))),
            ("gasToken", .string(gasToken.checksummed)), ("safeTxGas", count(safeTxGas)), ("baseGas", count(baseGas)),
            ("gasPrice", .string(String(gasPrice))), ("refundReceiver", .string(refundReceiver.checksummed)), ("nonce", count(nonce)),
            ("executionDate", ServiceWireDate.json(executionDate)), ("submissionDate", ServiceWireDate.json(submissionDate)),
            ("modified", ServiceWireDate.json(modified)), ("blockNumber", number(blockNumber)), ("transactionHash", bytes(transactionHash)),
            ("safeTxHash", bytes(safeTxHash)), ("proposer", address(proposer)), ("proposedByDelegate", address(proposedByDelegate)),
            ("executor", address(executor)), ("isExecuted", .bool(isExecuted)), ("isSuccessful", isSuccessful.map(JSONValue.bool) ?? .null),
            ("ethGasPrice", text(ethGasPrice)), ("maxFeePerGas", text(maxFeePerGas)), ("maxPriorityFeePerGas", text(maxPriorityFeePerGas)),
            ("gasUsed", number(gasUsed)), ("fee", text(fee)), ("origin", ServiceWireOrigin.json(origin)), ("dataDecoded", dataDecoded),
            ("confirmationsRequired", number(confirmationsRequired)), ("confirmations", .array(confirmations.map(\.json))),
            ("trusted", .bool(trusted)), ("signatures", bytes(signatures)),
        ])
    }
}
