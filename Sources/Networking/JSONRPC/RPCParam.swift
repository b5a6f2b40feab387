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

    /// An address in lower-case hex, which every node accepts.
    public static func address(_ address: Address) -> JSONValue {
        .string(address.lowercased)
    }
}
