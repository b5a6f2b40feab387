import BigInt
import EthereumKit
import SafeKit
import Testing

/// The EIP-712 fields a signing device lists, read from the same type strings the hashes use:
/// the domain first, chain ID only from 1.3.0, `dataGas` before 1.0.0, every value in full.
@Suite("EIP-712 fields in the order a hardware wallet shows them")
struct SafeTypedFieldsTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let to = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")

    static func tx(_ version: SafeVersion) -> SafeTx {
        SafeTx(safe: safe, chainID: 1, version: version, to: to, value: 5, data: [0xde, 0xad], operation: .delegateCall,
               safeTxGas: 1, baseGas: 2, gasPrice: 3, gasToken: to, refundReceiver: safe, nonce: 9)
    }

    @Test("1.4.1: chainId and verifyingContract, then the ten SafeTx fields in type order")
    func current() {
        let fields = Self.tx(.v1_4_1).typedFields
        #expect(fields.map { "\($0.structName).\($0.name)" } == [
            "EIP712Domain.chainId", "EIP712Domain.verifyingContract", "SafeTx.to", "SafeTx.value", "SafeTx.data", "SafeTx.operation",
            "SafeTx.safeTxGas", "SafeTx.baseGas", "SafeTx.gasPrice", "SafeTx.gasToken", "SafeTx.refundReceiver", "SafeTx.nonce",
        ])
        #expect(fields.map(\.value) == ["1", Self.safe.checksummed, Self.to.checksummed, "5", "0xdead", "1 (delegatecall)", "1", "2", "3",
                                        Self.to.checksummed, Self.safe.checksummed, "9"])
        #expect(fields.map(\.type) == ["uint256", "address", "address", "uint256", "bytes", "uint8", "uint256", "uint256", "uint256",
                                       "address", "address", "uint256"])
    }

    @Test("before 1.3.0 the domain has no chain ID; 0.1.0 calls baseGas dataGas")
    func older() {
        #expect(Self.tx(.v1_1_1).typedFields.first.map { "\($0.structName).\($0.name)" } == "EIP712Domain.verifyingContract")
        let oldest = Self.tx(.v0_1_0).typedFields
        #expect(oldest.contains { $0.name == "dataGas" && $0.value == "2" } && !oldest.contains { $0.name == "baseGas" })
    }
}
