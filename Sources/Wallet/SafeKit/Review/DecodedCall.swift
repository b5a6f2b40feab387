import BigInt
import EthereumKit

/// A Safe transaction's call as a reviewer reads it: the function by name with named arguments,
/// every inner call of a MultiSend batch, and the warnings that must be loud.
public struct DecodedCall: Sendable, Hashable {
    /// One named argument, its value as text (addresses checksummed, integers exact).
    public struct Argument: Sendable, Hashable {
        public let name: String
        public let type: String
        public let value: String
        /// The value as the Transaction Service writes it: numbers as decimal strings, arrays and tuples as arrays.
        public let json: JSONValue
        /// Every address in the value, at any depth of its arrays and tuples, in order.
        public let addresses: [Address]
        /// The value in the units of the token it is an amount of (`12.5 BTT`), when the call is
        /// an ERC-20 transfer or approval on a token the decoder knows; nil otherwise.
        public private(set) var units: String?

        /// An argument named `name` of ABI type `type`; `json` defaults to the text.
        public init(name: String, type: String, value: String, json: JSONValue? = nil) {
            self.name = name
            self.type = type
            self.value = value
            let json = json ?? .string(value)
            self.json = json
            addresses = (try? ABIType(parsing: type)).map { Self.addresses(of: $0, in: json) } ?? []
        }

        /// This argument, read as an amount in `unit`.
        func reading(_ unit: TokenUnit) -> Argument {
            var copy = self
            if case .string(let text) = json, let raw = BigUInt(text) { copy.units = unit.text(raw) }
            return copy
        }

        /// An argument named `name` of ABI type `type`, decoded as `decoded`.
        public init(name: String, type: ABIType, decoded: ABIValue) {
            self.init(name: name, type: type.description, value: ABIValueFormatter.text(decoded), json: ABIValueFormatter.json(decoded))
        }

        /// The addresses in `json`, the JSON form of a value of `type`.
        private static func addresses(of type: ABIType, in json: JSONValue) -> [Address] {
            switch (type, json) {
            case (.address, .string(let text)): return (try? Address(text)).map { [$0] } ?? []
            case (.array(let item), .array(let items)), (.fixedArray(let item, _), .array(let items)):
                return items.flatMap { addresses(of: item, in: $0) }
            case (.tuple(let parts), .array(let items)): return zip(parts, items).flatMap { addresses(of: $0, in: $1) }
            default: return []
            }
        }
    }

    public let operation: SafeOperation
    public let to: Address
    public let value: BigUInt
    public let data: [UInt8]
    /// The function's name, e.g. `transfer`; nil for a plain ether transfer or an unknown selector.
    public let function: String?
    public let arguments: [Argument]
    /// The calls inside a MultiSend batch, in order; empty otherwise.
    public let calls: [DecodedCall]
    /// Why this call (not its inner calls) deserves a loud warning.
    public let warnings: [String]
    /// A delegatecall to code the decoder does not trust (not a known MultiSend, SignMessageLib or
    /// migration): what can take the Safe over, unlike the routine delegatecall of a batch.
    public var untrustedDelegateCall = false

    /// The 4-byte selector when the data has one.
    public var selector: [UInt8]? { data.count >= 4 ? Array(data.prefix(4)) : nil }

    /// This call's warnings followed by its inner calls', each inner one numbered.
    public var allWarnings: [String] {
        warnings + calls.enumerated().flatMap { i, call in call.allWarnings.map { "call \(i + 1): \($0)" } }
    }

    /// One line, e.g. `transfer(to: 0xAb…, amount: 5)` or `send 1 ETH to 0xAb…`.
    public var headline: String {
        if data.isEmpty { return Self.noDataLine(to: to, value: value, operation: operation) }
        let ether = value > 0 ? "\(EtherAmount(wei: value).exact(in: .ether)) ETH" : nil
        let call: String
        if !calls.isEmpty {
            call = "batch of \(calls.count) call\(calls.count == 1 ? "" : "s")"
        } else if let function {
            call = function + "(" + arguments.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
        } else {
            call = "unknown function \(Hex.encode(data.prefix(4))) with \(data.count) bytes of data"
        }
        return (operation == .delegateCall ? "delegatecall " : "") + call + (ether.map { " with \($0)" } ?? "")
    }

    /// The line for a call with no data, wherever a summary is written: `send 1 ETH to 0xAb…` for a
    /// call; for a delegatecall, which runs the target's code as the Safe and never sends the
    /// value, `delegatecall 0xAb… with no data`.
    public static func noDataLine(to: Address, value: BigUInt, operation: SafeOperation) -> String {
        guard operation == .call else { return "\(operation.name) \(to.checksummed) with no data" }
        return "send \(EtherAmount(wei: value).exact(in: .ether)) ETH to \(to.checksummed)"
    }
}
