import BigInt
import EthereumKit

/// A Safe transaction: what the owners sign and `execTransaction` runs.
public struct SafeTx: Sendable, Hashable {
    /// The Safe that executes it (the EIP-712 verifying contract).
    public var safe: Address
    /// The chain it is valid on; nil only for versions before 1.3.0, whose hash ignores the chain.
    public var chainID: BigUInt?
    public var version: SafeVersion
    public var to: Address
    public var value: BigUInt
    public var data: [UInt8]
    public var operation: SafeOperation
    public var safeTxGas: BigUInt
    public var baseGas: BigUInt
    public var gasPrice: BigUInt
    public var gasToken: Address
    public var refundReceiver: Address
    public var nonce: BigUInt

    /// A Safe transaction; gas and refund fields default to zero, as Bifrost proposes them.
    public init(safe: Address, chainID: BigUInt?, version: SafeVersion, to: Address, value: BigUInt = 0, data: [UInt8] = [],
                operation: SafeOperation = .call, safeTxGas: BigUInt = 0, baseGas: BigUInt = 0, gasPrice: BigUInt = 0,
                gasToken: Address = .zero, refundReceiver: Address = .zero, nonce: BigUInt) {
        self.safe = safe
        self.chainID = chainID
        self.version = version
        self.to = to
        self.value = value
        self.data = data
        self.operation = operation
        self.safeTxGas = safeTxGas
        self.baseGas = baseGas
        self.gasPrice = gasPrice
        self.gasToken = gasToken
        self.refundReceiver = refundReceiver
        self.nonce = nonce
    }

    /// Fails unless every integer field fits the uint256 the contract takes: a value of 2^256 or
    /// more can come from a file or a flag, and must be refused by name rather than encoded.
    public func validate() throws(SafeKitError) {
        let fields: [(String, BigUInt?)] = [("chainId", chainID), ("value", value), ("safeTxGas", safeTxGas),
                                            ("baseGas", baseGas), ("gasPrice", gasPrice), ("nonce", nonce)]
        for case let (name, v?) in fields where v > IntegerText.uint256Max { throw .valueOutOfRange(name) }
    }

    /// `keccak256(abi.encode(domainTypeHash, [chainId,] safe))`.
    public func domainSeparator() throws(SafeKitError) -> [UInt8] {
        try Self.domainSeparator(safe: safe, chainID: chainID, version: version)
    }

    /// The EIP-712 domain separator of `safe` of `version` on `chainID`, which its transactions
    /// and messages share.
    public static func domainSeparator(safe: Address, chainID: BigUInt?, version: SafeVersion) throws(SafeKitError) -> [UInt8] {
        var types: [ABIType] = [.fixedBytes(32)]
        var values: [ABIValue] = [.bytes(Keccak256.hash(Array(version.domainTypeString.utf8)))]
        if version.domainHasChainID {
            guard let chainID else { throw .chainIDRequired(version) }
            types.append(.uint(bits: 256))
            values.append(.uint(chainID))
        }
        types.append(.address)
        values.append(.address(safe))
        return Keccak256.hash(try encode(types, values))
    }

    /// `keccak256(abi.encode(SafeTxTypeHash, to, value, keccak256(data), operation, …, nonce))`.
    public var structHash: [UInt8] {
        get throws(SafeKitError) {
            let u256 = ABIType.uint(bits: 256)
            let types: [ABIType] = [.fixedBytes(32), .address, u256, .fixedBytes(32), .uint(bits: 8), u256, u256, u256, .address, .address, u256]
            let values: [ABIValue] = [
                .bytes(Keccak256.hash(Array(version.safeTxTypeString.utf8))), .address(to), .uint(value), .bytes(Keccak256.hash(data)),
                .uint(BigUInt(operation.rawValue)), .uint(safeTxGas), .uint(baseGas), .uint(gasPrice), .address(gasToken),
                .address(refundReceiver), .uint(nonce),
            ]
            return Keccak256.hash(try Self.encode(types, values))
        }
    }

    /// The safeTxHash owners sign: `keccak256(encodedData)`.
    public func hash() throws(SafeKitError) -> [UInt8] {
        Keccak256.hash(try encodedData())
    }

    /// `0x19 ‖ 0x01 ‖ domainSeparator ‖ structHash`, the contract's `encodeTransactionData`: what
    /// Safe 1.3.0 and 1.4.1 pass to an owner contract's legacy `isValidSignature(bytes, bytes)`.
    public func encodedData() throws(SafeKitError) -> [UInt8] {
        try validate()
        return [0x19, 0x01] + (try domainSeparator()) + (try structHash)
    }

    /// `execTransaction` calldata carrying `signatures` (already packed and sorted).
    public func execTransactionCall(signatures: [UInt8]) throws(SafeKitError) -> [UInt8] {
        try validate()
        return try SafeContract.encode(SafeContract.execTransaction, parameters + [.bytes(signatures)])
    }

    /// `getTransactionHash` calldata, to let the contract compute the hash itself.
    public var getTransactionHashCall: [UInt8] {
        get throws(SafeKitError) {
            try validate()
            return try SafeContract.encode(SafeContract.getTransactionHash, parameters + [.uint(nonce)])
        }
    }

    private static func encode(_ types: [ABIType], _ values: [ABIValue]) throws(SafeKitError) -> [UInt8] {
        do { return try ABIEncoder.encode(types, values) } catch { throw .valueOutOfRange(error.description) }
    }

    private var parameters: [ABIValue] {
        [.address(to), .uint(value), .bytes(data), .uint(BigUInt(operation.rawValue)), .uint(safeTxGas), .uint(baseGas),
         .uint(gasPrice), .address(gasToken), .address(refundReceiver)]
    }
}
