import BigInt
import EthereumKit

/// A call to one function of a contract, built from its ABI (or signature) and text arguments;
/// the function travels with it so the review reads the call back with the same names.
public struct ContractCall: Sendable, Hashable {
    public let to: Address
    public let value: BigUInt
    public let function: ContractFunction
    public let data: [UInt8]

    /// The call of `function` on `to` with `arguments` (one text per input), sending `value` wei.
    public init(to: Address, value: BigUInt = 0, function: ContractFunction, arguments: [String]) throws(ContractABIError) {
        self.to = to
        self.value = value
        self.function = function
        data = try function.encodeCall(arguments)
    }

    /// `stake(amount: 5, beneficiary: 0x…)`: the call as a person reads it.
    public var headline: String {
        let decoded = function.decodeCall(data) ?? []
        return function.name + "(" + decoded.map { "\($0.label): \(ABIValueFormatter.text($0.value))" }.joined(separator: ", ") + ")"
    }
}
