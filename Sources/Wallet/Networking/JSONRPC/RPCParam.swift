import BigInt
import EthereumKit

/// Encodes Ethereum values the way JSON-RPC nodes expect them as parameters.
public enum RPCParam {
    /// A quantity: `0x`-prefixed hex without leading zeros, `0x0` for zero.
    public static func quantity(_ value: BigUInt) -> JSONValue {
        .string("0x" + String(value, radix: 16))
    }

    /// A quantity from a machine integer (negative values are not quantities and become `0x0`).
    public static func quantity(_ value: Int) -> JSONValue {
        quantity(BigUInt(max(value, 0)))
    }

    /// Unformatted data: `0x`-prefixed hex, two digits per byte, `0x` for none.
    public static func data(_ bytes: [UInt8]) -> JSONValue {
        .string(Hex.encode(bytes))
    }

    /// A 32-byte word (a storage slot or value): `0x` and 64 hex digits.
    public static func word(_ value: BigUInt) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 64 - digits.count)) + digits
    }

    /// An address in lower-case hex, which every node accepts.
    public static func address(_ address: Address) -> JSONValue {
        .string(address.lowercased)
    }
}
