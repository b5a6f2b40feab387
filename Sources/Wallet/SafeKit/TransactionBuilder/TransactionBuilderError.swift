/// Why a Transaction Builder file cannot be read or written. Each case names where: the
/// transaction (from 1), and in it the field, input or tuple key.
public enum TransactionBuilderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not an object with a `transactions` array.
    case notABuilderFile
    /// `chainId` is missing or not a number.
    case badChainID
    /// `meta.checksum` is not the file's: it was edited after it was written.
    case checksumMismatch(stated: String, computed: String)
    /// The file holds no transaction.
    case noTransactions
    /// A delegatecall was to be written; the builder's files hold calls only.
    case delegateCall
    /// Transaction `index` (counted from 1) cannot become a call.
    case transaction(index: Int, TransactionBuilderCallError)

    public var description: String {
        switch self {
        case .notABuilderFile: return "not a Transaction Builder file: no transactions array"
        case .badChainID: return "chainId is missing or not a number"
        case .checksumMismatch(let stated, let computed):
            return "the checksum \(stated) does not match the file (\(computed)): it was edited after it was written"
        case .noTransactions: return "the file holds no transaction"
        case .delegateCall: return "a delegatecall cannot go in a Transaction Builder file"
        case .transaction(let index, let error): return "transaction \(index): \(error)"
        }
    }

    /// The description, as `InputTextError` words it, for callers that read either.
    public var reason: String { description }
}

/// Why one transaction of a Transaction Builder file cannot become a call. `input` is a path
/// into the function's inputs: `order`, `order.expiry`, `legs[2].rule`, or `input 0` when unnamed.
public enum TransactionBuilderCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `to`, `value` or `data` is missing or not what it must be.
    case badField(String, reason: String)
    /// The `contractMethod` fragment cannot be read.
    case badMethod(String)
    /// `contractInputsValues` has nothing for an input.
    case missingValue(input: String)
    /// A tuple given as a JSON object lacks the key of one of its components.
    case missingKey(input: String, key: String)
    /// A tuple given as a JSON object has a key that names none of its components.
    case unknownKey(input: String, key: String, components: [String])
    /// A value does not fit its input's type.
    case badValue(input: String, reason: String)
    /// The values read do not encode as a call of the function.
    case encoding(function: String, reason: String)

    public var description: String {
        switch self {
        case .badField(let field, let reason): return "\(field): \(reason)"
        case .badMethod(let why): return "contractMethod: \(why)"
        case .missingValue(let input): return "contractInputsValues has no value for \(input)"
        case .missingKey(let input, let key): return "\(input): the object has no key \"\(key)\" for that component"
        case .unknownKey(let input, let key, let components):
            return "\(input): \"\(key)\" is not one of its components (\(components.joined(separator: ", ")))"
        case .badValue(let input, let reason): return "\(input): \(reason)"
        case .encoding(let function, let reason): return "\(function): \(reason)"
        }
    }
}
