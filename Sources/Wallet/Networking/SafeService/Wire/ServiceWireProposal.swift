import BigInt
import EthereumKit
import SafeKit

/// The body of `POST /api/v{1,2}/safes/{address}/multisig-transactions/`: the transaction's fields,
/// the hash the proposer says they give, the proposer and its signature. Bifrost's client writes
/// it; `bifrost serve` reads it.
public struct ServiceWireProposal: Sendable, Equatable {
    /// The Safe, when the body names it (the path always does).
    public var safe: Address?
    public var transaction: ServiceWireTransaction
    public var contractTransactionHash: [UInt8]
    public var sender: Address
    /// One signature or several packed; nil when the body has none.
    public var signature: [UInt8]?
    public var origin: String?

    /// The members the official service requires, in its serializer's order; the rest have defaults.
    public static let requiredFields = ["to", "value", "operation", "safeTxGas", "baseGas", "gasPrice", "nonce", "contractTransactionHash", "sender"]

    /// A proposal of `tx` by `sender` with `signature`.
    public init(_ tx: SafeTx, safeTxHash: [UInt8], sender: Address, signature: [UInt8]?, origin: String?) {
        safe = tx.safe
        transaction = ServiceWireTransaction(tx, safeTxHash: safeTxHash)
        contractTransactionHash = safeTxHash
        self.sender = sender
        self.signature = signature
        self.origin = origin
    }

    /// Reads a body for the Safe at `path`; its ten fields read as a listed transaction's do.
    public init(json: JSONValue, safe path: Address) throws(ServiceWireError) {
        let f = try ServiceWireFields(json)
        safe = try f.optionalAddress("safe")
        var members = json.objectValue ?? []
        // The path names the Safe; the body may leave it out.
        members.removeAll { $0.key == "safe" }
        members.append((key: "safe", value: .string(path.checksummed)))
        transaction = try ServiceWireTransaction(json: .object(members))
        contractTransactionHash = try f.hash("contractTransactionHash")
        sender = try f.address("sender")
        signature = try f.hex("signature")
        origin = try f.string("origin")
    }

    /// The body a Queue Service client sends: the chain and the Safe in it, the hash for the
    /// server to check, no sender (the first signature's signer), the signatures as a list.
    public func queueJSON(chainID: BigUInt) -> JSONValue {
        let t = transaction
        return .members([
            ("chainId", .number(String(chainID))), ("safe", .string(t.safe.checksummed)), ("to", .string(t.to.checksummed)),
            ("value", .string(String(t.value))), ("data", t.data.isEmpty ? .null : .string(Hex.encode(t.data))),
            ("operation", .number(String(t.operation))), ("safeTxGas", .string(String(t.safeTxGas))), ("baseGas", .string(String(t.baseGas))),
            ("gasPrice", .string(String(t.gasPrice))), ("gasToken", .string(t.gasToken.checksummed)),
            ("refundReceiver", .string(t.refundReceiver.checksummed)), ("nonce", .number(String(t.nonce))),
            ("safeTxHash", .string(Hex.encode(contractTransactionHash))), ("originName", origin.map(JSONValue.string) ?? .null),
            ("signatures", .array(signature.map { [.string(Hex.encode($0))] } ?? [])),
        ])
    }

    /// The body, as the official clients send it (v2 shape).
    public var json: JSONValue {
        let t = transaction
        return .members([
            ("safe", safe.map { .string($0.checksummed) } ?? .null), ("to", .string(t.to.checksummed)), ("value", .string(String(t.value))),
            ("data", t.data.isEmpty ? .null : .string(Hex.encode(t.data))), ("operation", .number(String(t.operation))),
            ("gasToken", .string(t.gasToken.checksummed)), ("safeTxGas", .string(String(t.safeTxGas))), ("baseGas", .string(String(t.baseGas))),
            ("gasPrice", .string(String(t.gasPrice))), ("refundReceiver", .string(t.refundReceiver.checksummed)),
            ("nonce", .string(String(t.nonce))), ("contractTransactionHash", .string(Hex.encode(contractTransactionHash))),
            ("sender", .string(sender.checksummed)), ("signature", signature.map { .string(Hex.encode($0)) } ?? .null),
            ("origin", origin.map(JSONValue.string) ?? .null),
        ])
    }
}
