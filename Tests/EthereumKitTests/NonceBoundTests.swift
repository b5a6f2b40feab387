import BigInt
import EthereumKit
import Testing

/// Issue 38, finding 16: EIP-2681 makes a transaction whose nonce is 2^64 - 1 or more invalid, so
/// no node takes one. Bifrost refuses to sign it (every front end signs through `Transaction`),
/// and refuses to decode one, as a node does.
@Suite("Transaction nonce bound (EIP-2681)")
struct NonceBoundTests {
    // A throwaway key: keccak of nothing in particular, never funded.
    static let key = try! PrivateKey(hex: "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")
    static let to = try! Address("0xbDA5747bFD65F08deb54cb465eB87D40e51B197E")
    static let limit = BigUInt(UInt64.max) // 2^64 - 1: the first nonce EIP-2681 rules out

    static func transaction(_ type: TransactionType, nonce: BigUInt) -> Transaction {
        let dynamic = type == .dynamicFee
        return Transaction(type: type, chainID: 17_000, nonce: nonce, gasPrice: dynamic ? 0 : 7, maxPriorityFeePerGas: dynamic ? 1 : 0,
                           maxFeePerGas: dynamic ? 7 : 0, gasLimit: 21_000, to: to, value: 3)
    }

    @Test("2^64 - 1 and above are refused before signing, for every envelope, with the nonce in the error",
          arguments: [TransactionType.legacy, .accessList, .dynamicFee])
    func refusedWhenSigning(_ type: TransactionType) {
        for nonce in [Self.limit, Self.limit + 1, BigUInt(1) << 200] {
            #expect(throws: TransactionError.nonceTooLarge(nonce), "\(nonce)") { try Self.transaction(type, nonce: nonce).sign(with: Self.key) }
        }
    }

    @Test("2^64 - 2, the largest nonce a node takes, still signs and decodes back")
    func largestSigns() throws {
        let tx = Self.transaction(.dynamicFee, nonce: Self.limit - 1)
        let signed = try tx.sign(with: Self.key)
        #expect(try SignedTransaction.decode(signed.raw).transaction == tx)
    }

    @Test("a raw transaction carrying nonce 2^64 - 1 is refused when decoded, as a node refuses it")
    func refusedWhenDecoding() throws {
        // Built by hand: the signer refuses to make one.
        let tx = Self.transaction(.legacy, nonce: Self.limit)
        let digest = Keccak256.hash(RLPEncoder.encode(.list([.uint(tx.nonce), .uint(tx.gasPrice), .uint(tx.gasLimit), .bytes(Self.to.bytes),
                                                              .uint(tx.value), .bytes([]), .uint(BigUInt(17_000)), .bytes([]), .bytes([])])))
        let signature = try Self.key.sign(digest: digest)
        let raw = SignedTransaction(transaction: tx, signature: signature).raw
        #expect(throws: TransactionError.nonceTooLarge(Self.limit)) { try SignedTransaction.decode(raw) }
    }
}
