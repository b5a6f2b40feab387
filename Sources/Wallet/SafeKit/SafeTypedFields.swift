import BigInt
import EthereumKit

/// One field of a Safe transaction's EIP-712 typed data, as a signing device lists it.
public struct SafeTypedField: Sendable, Hashable {
    /// `EIP712Domain` or `SafeTx`.
    public let structName: String
    public let name: String
    /// The Solidity type, e.g. `uint256`.
    public let type: String
    /// The value in full: a checksummed address, a decimal integer, or hex bytes.
    public let value: String
}

extension SafeTx {
    /// The domain's fields and then the SafeTx's, in the order of the type strings the hashes are
    /// built from, which is the order a hardware wallet shows them in; read from those strings,
    /// so the list can never disagree with what is hashed.
    public var typedFields: [SafeTypedField] {
        let values: [String: String] = [
            "chainId": chainID.map { String($0) } ?? "(none)", "verifyingContract": safe.checksummed,
            "to": to.checksummed, "value": String(value), "data": Hex.encode(data), "operation": "\(operation.rawValue) (\(operation.name))",
            "safeTxGas": String(safeTxGas), "baseGas": String(baseGas), "dataGas": String(baseGas), "gasPrice": String(gasPrice),
            "gasToken": gasToken.checksummed, "refundReceiver": refundReceiver.checksummed, "nonce": String(nonce),
        ]
        return [version.domainTypeString, version.safeTxTypeString].flatMap { typeString -> [SafeTypedField] in
            let open = typeString.firstIndex(of: "(")!
            let structName = String(typeString[..<open])
            return typeString[typeString.index(after: open)...].dropLast().split(separator: ",").map { member in
                let parts = member.split(separator: " ")
                return SafeTypedField(structName: structName, name: String(parts[1]), type: String(parts[0]), value: values[String(parts[1])] ?? "")
            }
        }
    }
}
