import BigInt

/// Calldata and result decoding for the ERC-20 calls Bifrost makes.
public enum ERC20 {
    static let balanceOfSignature = try! FunctionSignature("balanceOf(address)")
    static let transferSignature = try! FunctionSignature("transfer(address,uint256)")

    /// `balanceOf(owner)`.
    public static func balanceOf(_ owner: Address) -> [UInt8] {
        try! balanceOfSignature.encodeCall([.address(owner)])
    }

    /// `transfer(to, amount)`.
    public static func transfer(to: Address, amount: BigUInt) throws(ABIError) -> [UInt8] {
        try transferSignature.encodeCall([.address(to), .uint(amount)])
    }

    /// `decimals()`.
    public static let decimals: [UInt8] = try! FunctionSignature("decimals()").encodeCall([])
    /// `symbol()`.
    public static let symbol: [UInt8] = try! FunctionSignature("symbol()").encodeCall([])
    /// `name()`.
    public static let name: [UInt8] = try! FunctionSignature("name()").encodeCall([])

    /// A `uint256` return value.
    public static func decodeUInt(_ data: [UInt8]) throws(ABIError) -> BigUInt {
        guard case .uint(let v) = try ABIDecoder.decode(.uint(bits: 256), from: data) else { throw .truncated }
        return v
    }

    /// A `string` return value; also accepts the `bytes32` some old tokens (MKR, SAI) return.
    public static func decodeString(_ data: [UInt8]) throws(ABIError) -> String {
        if data.count == 32 {
            return String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard case .string(let s) = try ABIDecoder.decode(.string, from: data) else { throw .truncated }
        return s
    }
}
