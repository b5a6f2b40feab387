import BigInt

/// Which envelope a transaction uses.
public enum TransactionType: UInt8, Sendable, CaseIterable {
    /// The original RLP list, signed per EIP-155 when a chain ID is given.
    case legacy = 0
    /// EIP-2930, type 0x01: gas price plus an access list.
    case accessList = 1
    /// EIP-1559, type 0x02: base-fee market.
    case dynamicFee = 2
}

/// One EIP-2930 access-list entry.
public struct AccessListEntry: Hashable, Sendable {
    /// The account whose storage is pre-warmed.
    public let address: Address
    /// 32-byte storage slots.
    public let storageKeys: [[UInt8]]

    /// An entry for `address` and its 32-byte slots.
    public init(address: Address, storageKeys: [[UInt8]]) {
        self.address = address
        self.storageKeys = storageKeys
    }
}

/// An unsigned transaction of any supported type. Fields that a type does not use are ignored.
public struct Transaction: Hashable, Sendable {
    public var type: TransactionType
    /// Nil only for a legacy transaction signed without replay protection.
    public var chainID: BigUInt?
    public var nonce: BigUInt
    /// Legacy and EIP-2930 gas price.
    public var gasPrice: BigUInt
    /// EIP-1559 tip.
    public var maxPriorityFeePerGas: BigUInt
    /// EIP-1559 fee cap.
    public var maxFeePerGas: BigUInt
    public var gasLimit: BigUInt
    /// Nil creates a contract.
    public var to: Address?
    public var value: BigUInt
    public var data: [UInt8]
    public var accessList: [AccessListEntry]

    /// A transaction with every field given; unused fee fields may be left zero.
    public init(type: TransactionType, chainID: BigUInt?, nonce: BigUInt, gasPrice: BigUInt = 0,
                maxPriorityFeePerGas: BigUInt = 0, maxFeePerGas: BigUInt = 0, gasLimit: BigUInt,
                to: Address?, value: BigUInt, data: [UInt8] = [], accessList: [AccessListEntry] = []) {
        self.type = type
        self.chainID = chainID
        self.nonce = nonce
        self.gasPrice = gasPrice
        self.maxPriorityFeePerGas = maxPriorityFeePerGas
        self.maxFeePerGas = maxFeePerGas
        self.gasLimit = gasLimit
        self.to = to
        self.value = value
        self.data = data
        self.accessList = accessList
    }

    /// The bytes whose Keccak-256 is signed.
    public func signingPayload() throws(TransactionError) -> [UInt8] {
        try validate()
        switch type {
        case .legacy:
            var fields = legacyFields
            if let chainID { fields += [.uint(chainID), .bytes([]), .bytes([])] }
            return RLPEncoder.encode(.list(fields))
        case .accessList, .dynamicFee:
            return [type.rawValue] + RLPEncoder.encode(.list(typedFields))
        }
    }

    /// The digest a signer signs.
    public func signingHash() throws(TransactionError) -> [UInt8] {
        Keccak256.hash(try signingPayload())
    }

    /// Signs with `key`, producing the broadcastable transaction.
    public func sign(with key: PrivateKey) throws -> SignedTransaction {
        let signature = try key.sign(digest: try signingHash())
        return SignedTransaction(transaction: self, signature: signature)
    }

    var legacyFields: [RLPItem] {
        [.uint(nonce), .uint(gasPrice), .uint(gasLimit), .bytes(to?.bytes ?? []), .uint(value), .bytes(data)]
    }

    /// The fields of a typed transaction, before the signature.
    var typedFields: [RLPItem] {
        let list = RLPItem.list(accessList.map { .list([.bytes($0.address.bytes), .list($0.storageKeys.map { .bytes($0) })]) })
        switch type {
        case .legacy:
            return legacyFields
        case .accessList:
            return [.uint(chainID ?? 0), .uint(nonce), .uint(gasPrice), .uint(gasLimit),
                    .bytes(to?.bytes ?? []), .uint(value), .bytes(data), list]
        case .dynamicFee:
            return [.uint(chainID ?? 0), .uint(nonce), .uint(maxPriorityFeePerGas), .uint(maxFeePerGas),
                    .uint(gasLimit), .bytes(to?.bytes ?? []), .uint(value), .bytes(data), list]
        }
    }
}
