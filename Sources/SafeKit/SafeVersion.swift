/// The Safe contract versions Bifrost speaks, with the EIP-712 layout each one hashes `SafeTx` with.
public enum SafeVersion: String, CaseIterable, Sendable, Comparable {
    case v1_3_0 = "1.3.0"
    case v1_4_1 = "1.4.1"
    case v1_5_0 = "1.5.0"

    /// `EIP712Domain(uint256 chainId,address verifyingContract)`, used from 1.3.0 on.
    public static let domainTypeString = "EIP712Domain(uint256 chainId,address verifyingContract)"

    /// The struct type hashed for a Safe transaction (unchanged from 1.0.0 through 1.5.0).
    public static let safeTxTypeString =
        "SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)"

    public static func < (lhs: SafeVersion, rhs: SafeVersion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
