import Storage

/// A signed or decoded transaction with the facts a user checks: who sent it and its hash.
public struct TransactionSummary: Sendable, Equatable {
    public let signed: SignedTransaction
    /// The sender recovered from the signature.
    public let from: Address

    /// `0x`-prefixed raw bytes.
    public var rawHex: String { Hex.encode(signed.raw) }
    /// `0x`-prefixed transaction hash.
    public var hashHex: String { Hex.encode(signed.hash) }
}

/// Builds, signs and decodes transactions without a node.
public struct OfflineTransactions: Sendable {
    /// A service with no dependencies: everything here is pure.
    public init() {}

    /// Signs `draft` with `signer`, choosing the envelope from the fee fields.
    public func sign(_ draft: TransactionDraft, with signer: KeySigner) async throws -> TransactionSummary {
        let signed = try await signer.signTransaction(try draft.build())
        return TransactionSummary(signed: signed, from: signer.address)
    }

    /// Decodes a signed raw transaction and recovers its sender.
    public func decode(_ raw: [UInt8]) throws -> TransactionSummary {
        let signed = try SignedTransaction.decode(raw)
        return TransactionSummary(signed: signed, from: try signed.sender())
    }
}
