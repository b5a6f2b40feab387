import BigInt

extension Transaction {
    /// The rules a node applies to a transaction's fields: every integer fits in 256 bits, the
    /// nonce is below 2^64 - 1 (EIP-2681), an EIP-155 `v` fits too, typed envelopes carry a chain
    /// ID, the EIP-1559 tip is at most the fee cap, and gas × fee does not overflow. Signing and decoding both check them, so Bifrost
    /// never signs what it would refuse to decode.
    public func validate() throws(TransactionError) {
        let max = IntegerText.uint256Max
        var fields: [(String, BigUInt)] = [("nonce", nonce), ("gasLimit", gasLimit), ("value", value)]
        switch type {
        case .legacy, .accessList: fields.append(("gasPrice", gasPrice))
        case .dynamicFee: fields += [("maxPriorityFeePerGas", maxPriorityFeePerGas), ("maxFeePerGas", maxFeePerGas)]
        }
        if let chainID { fields.append(("chainId", chainID)) }
        for (name, v) in fields where v > max { throw .integerTooLarge(name) }
        guard nonce < Self.nonceLimit else { throw .nonceTooLarge(nonce) }
        if type == .legacy, let chainID, chainID * 2 + 36 > max { throw .integerTooLarge("chainId") }
        if type != .legacy, chainID == nil { throw .missingChainID }
        let feePerGas = type == .dynamicFee ? maxFeePerGas : gasPrice
        if type == .dynamicFee, maxPriorityFeePerGas > maxFeePerGas { throw .priorityFeeAboveMaxFee }
        guard gasLimit * feePerGas <= max else { throw .gasFeeProductOverflow }
    }

    /// 2^64 - 1: EIP-2681 makes a transaction with this nonce or a larger one invalid, since the
    /// sender's nonce could not be raised past it.
    public static let nonceLimit = BigUInt(UInt64.max)
}
