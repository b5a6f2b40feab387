import BigInt
import EthereumKit
import Foundation

/// One asset movement of a Safe as the export lists it (`GET /api/v1/safes/{address}/export/`),
/// with who proposed and executed the transaction that moved it.
public struct ServiceWireExportRow: Sendable, Equatable {
    public var safe: Address
    public var from: Address
    public var to: Address
    /// The amount in the asset's base units; `1` for an ERC-721 token.
    public var amount: BigUInt
    /// `native`, `erc20` or `erc721`.
    public var assetType: String
    public var assetAddress: Address?
    public var assetSymbol: String?
    public var assetDecimals: Int?
    public var proposerAddress: Address?
    public var proposedAt: Date?
    public var executorAddress: Address?
    public var executedAt: Date
    /// The proposal's `origin` note, when its origin was JSON with one.
    public var note: String?
    public var transactionHash: [UInt8]
    /// What the Safe's transaction called, for a multisig or module execution.
    public var contractAddress: Address?
    /// The Safe's nonce, for a multisig transaction of this Safe.
    public var nonce: BigUInt?

    /// A row; the members a plain transfer lacks stay nil.
    public init(safe: Address, from: Address, to: Address, amount: BigUInt, assetType: String, assetAddress: Address?, assetSymbol: String?,
                assetDecimals: Int?, proposerAddress: Address? = nil, proposedAt: Date? = nil, executorAddress: Address?, executedAt: Date,
                note: String? = nil, transactionHash: [UInt8], contractAddress: Address? = nil, nonce: BigUInt? = nil) {
        self.safe = safe
        self.from = from
        self.to = to
        self.amount = amount
        self.assetType = assetType
        self.assetAddress = assetAddress
        self.assetSymbol = assetSymbol
        self.assetDecimals = assetDecimals
        self.proposerAddress = proposerAddress
        self.proposedAt = proposedAt
        self.executorAddress = executorAddress
        self.executedAt = executedAt
        self.note = note
        self.transactionHash = transactionHash
        self.contractAddress = contractAddress
        self.nonce = nonce
    }

    /// The official members in order, `from` last.
    public var json: JSONValue {
        func address(_ a: Address?) -> JSONValue { a.map { .string($0.checksummed) } ?? .null }
        return .members([
            ("safe", .string(safe.checksummed)), ("to", .string(to.checksummed)), ("amount", .string(String(amount))), ("assetType", .string(assetType)),
            ("assetAddress", address(assetAddress)), ("assetSymbol", assetSymbol.map(JSONValue.string) ?? .null),
            ("assetDecimals", assetDecimals.map { .number(String($0)) } ?? .null), ("proposerAddress", address(proposerAddress)),
            ("proposedAt", proposedAt.map { ServiceWireDate.json($0) } ?? .null), ("executorAddress", address(executorAddress)),
            ("executedAt", ServiceWireDate.json(executedAt)), ("note", note.map(JSONValue.string) ?? .null),
            ("transactionHash", .string(Hex.encode(transactionHash))), ("contractAddress", address(contractAddress)),
            ("nonce", nonce.map { .string(String($0)) } ?? .null), ("from", .string(from.checksummed)),
        ])
    }
}
