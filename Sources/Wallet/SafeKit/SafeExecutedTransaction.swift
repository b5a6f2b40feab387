import BigInt
import EthereumKit

extension SafeContract {
    /// The Safe transaction an `execTransaction` calldata ran, and the signatures it carried, when
    /// `safe` of `version` on `chainID` at one of `nonces` hashes it to `safeTxHash` (the hash the
    /// Safe's execution log names); nil otherwise. The calldata carries every field but the nonce,
    /// so the hash check is what makes the reading the Safe's own transaction and not a lookalike.
    public static func executedTransaction(_ calldata: [UInt8], safe: Address, chainID: BigUInt?, version: SafeVersion,
                                           nonces: [BigUInt], safeTxHash: [UInt8]) -> (transaction: SafeTx, signatures: [UInt8])? {
        guard let values = try? execTransaction.decodeCall(calldata), values.count == 10,
              case .address(let to) = values[0], case .uint(let value) = values[1], case .bytes(let data) = values[2],
              case .uint(let op) = values[3], op <= 2, let operation = SafeOperation(rawValue: UInt8(op)),
              case .uint(let safeTxGas) = values[4], case .uint(let baseGas) = values[5], case .uint(let gasPrice) = values[6],
              case .address(let gasToken) = values[7], case .address(let refundReceiver) = values[8], case .bytes(let signatures) = values[9]
        else { return nil }
        for nonce in nonces {
            let tx = SafeTx(safe: safe, chainID: chainID, version: version, to: to, value: value, data: data, operation: operation,
                            safeTxGas: safeTxGas, baseGas: baseGas, gasPrice: gasPrice, gasToken: gasToken, refundReceiver: refundReceiver, nonce: nonce)
            if (try? tx.hash()) == safeTxHash { return (tx, signatures) }
        }
        return nil
    }
}
