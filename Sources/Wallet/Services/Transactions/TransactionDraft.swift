import BigInt
import Storage

/// Why the fields a user gave do not make one valid transaction.
public enum TransactionDraftError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingFees
    case mixedFeeModels
    case incompleteDynamicFees
    case priorityAboveMaxFee

    public var description: String {
        switch self {
        case .missingFees:
            return "no fees: a legacy transaction needs a gas price, an EIP-1559 one a max fee and a max priority fee per gas"
        case .mixedFeeModels:
            return "a gas price cannot be combined with EIP-1559 fees"
        case .incompleteDynamicFees:
            return "EIP-1559 needs both a max fee and a max priority fee per gas"
        case .priorityAboveMaxFee:
            return "the max priority fee per gas cannot exceed the max fee per gas"
        }
    }
}

/// What a user asks to sign, before the envelope type is chosen.
public struct TransactionDraft: Sendable, Equatable {
    public var chainID: BigUInt
    public var nonce: BigUInt
    public var to: Address
    public var value: BigUInt
    public var gasLimit: BigUInt
    public var gasPrice: BigUInt?
    public var maxFeePerGas: BigUInt?
    public var maxPriorityFeePerGas: BigUInt?
    public var data: [UInt8]
    public var accessList: [AccessListEntry]?

    /// A draft with every field the user gave.
    public init(chainID: BigUInt, nonce: BigUInt, to: Address, value: BigUInt, gasLimit: BigUInt,
                gasPrice: BigUInt? = nil, maxFeePerGas: BigUInt? = nil, maxPriorityFeePerGas: BigUInt? = nil,
                data: [UInt8] = [], accessList: [AccessListEntry]? = nil) {
        self.chainID = chainID
        self.nonce = nonce
        self.to = to
        self.value = value
        self.gasLimit = gasLimit
        self.gasPrice = gasPrice
        self.maxFeePerGas = maxFeePerGas
        self.maxPriorityFeePerGas = maxPriorityFeePerGas
        self.data = data
        self.accessList = accessList
    }

    /// Chooses the envelope: a gas price alone is legacy with EIP-155 replay protection, a gas
    /// price with an access list is EIP-2930, and the two EIP-1559 fees make a type-2 transaction.
    public func build() throws(TransactionDraftError) -> Transaction {
        let dynamic = maxFeePerGas != nil || maxPriorityFeePerGas != nil
        if let gasPrice {
            guard !dynamic else { throw .mixedFeeModels }
            return Transaction(type: accessList == nil ? .legacy : .accessList, chainID: chainID, nonce: nonce,
                               gasPrice: gasPrice, gasLimit: gasLimit, to: to, value: value, data: data,
                               accessList: accessList ?? [])
        }
        guard dynamic else { throw .missingFees }
        guard let maxFeePerGas, let maxPriorityFeePerGas else { throw .incompleteDynamicFees }
        guard maxPriorityFeePerGas <= maxFeePerGas else { throw .priorityAboveMaxFee }
        return Transaction(type: .dynamicFee, chainID: chainID, nonce: nonce,
                           maxPriorityFeePerGas: maxPriorityFeePerGas, maxFeePerGas: maxFeePerGas,
                           gasLimit: gasLimit, to: to, value: value, data: data, accessList: accessList ?? [])
    }
}
