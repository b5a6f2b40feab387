import BigInt

/// A transaction together with its signature: what is broadcast and what a raw transaction decodes to.
public struct SignedTransaction: Hashable, Sendable {
    public let transaction: Transaction
    public let signature: Signature

    /// Pairs a transaction with a signature over its signing hash.
    public init(transaction: Transaction, signature: Signature) {
        self.transaction = transaction
        self.signature = signature
    }

    /// The v value as serialised: 27/28, `chainId × 2 + 35/36` (EIP-155), or the y parity for typed envelopes.
    public var v: BigUInt {
        let parity = BigUInt(signature.recoveryID)
        switch transaction.type {
        case .legacy:
            if let chainID = transaction.chainID { return chainID * 2 + 35 + parity }
            return 27 + parity
        case .accessList, .dynamicFee:
            return parity
        }
    }

    /// The raw bytes for `eth_sendRawTransaction`.
    public var raw: [UInt8] {
        let sig: [RLPItem] = [.uint(v), .uint(BigUInt(Data(signature.r))), .uint(BigUInt(Data(signature.s)))]
        switch transaction.type {
        case .legacy:
            return RLPEncoder.encode(.list(transaction.legacyFields + sig))
        case .accessList, .dynamicFee:
            return [transaction.type.rawValue] + RLPEncoder.encode(.list(transaction.typedFields + sig))
        }
    }

    /// The transaction hash: Keccak-256 of the raw bytes.
    public var hash: [UInt8] { Keccak256.hash(raw) }

    /// The sender, recovered from the signature.
    public func sender() throws -> Address {
        guard signature.isLowS else { throw TransactionError.highS }
        let digest = try transaction.signingHash()
        return try PublicKey.recover(digest: digest, signature: signature).address
    }

    /// Decodes a signed raw transaction (legacy, EIP-2930 or EIP-1559), validating every field
    /// the way a node does before it accepts one into its pool.
    public static func decode(_ raw: [UInt8]) throws(TransactionError) -> SignedTransaction {
        try TransactionDecoder.decode(raw)
    }
}

import Foundation
