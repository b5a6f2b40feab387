import EthereumKit

/// A Transaction Builder `contractMethod` (its ABI fragment: `name`, `inputs` with `type` and, for
/// tuples, `components`) and its `contractInputsValues` (text by input name; arrays and tuples as
/// JSON text, as the builder writes them) turned into calldata.
enum TransactionBuilderMethod {
    static func calldata(_ method: JSONValue, values: JSONValue) throws(InputTextError) -> [UInt8] {
        guard method["inputs"]?.arrayValue != nil else { throw InputTextError("contractMethod needs a name and inputs") }
        // The fragment is read as any ABI entry is: name, input names and types, tuples from their components.
        let function: ContractFunction
        do { function = try ContractFunction(fragment: method) } catch {
            if case .badABI(let why) = error { throw InputTextError(why) }
            throw InputTextError(error.description)
        }
        var arguments: [ABIValue] = []
        for (i, input) in function.inputs.enumerated() {
            let label = input.name
            // An unnamed input is keyed by its position, as the builder keys it.
            guard let given = values[label.isEmpty ? String(i) : label] ?? values[String(i)], given != .null else {
                throw InputTextError("contractInputsValues has no value for \(label.isEmpty ? "input \(i)" : label)")
            }
            do throws(InputTextError) { arguments.append(try value(given, as: input.type)) } catch {
                throw InputTextError("\(label.isEmpty ? "input \(i)" : label): \(error.reason)")
            }
        }
        do { return try function.signature.encodeCall(arguments) } catch { throw InputTextError("\(function.canonical): \(error)") }
    }

    /// `given` as a value of `type`: scalars from their text, arrays and tuples from JSON (or JSON text).
    static func value(_ given: JSONValue, as type: ABIType) throws(InputTextError) -> ABIValue {
        switch type {
        case .array(let element), .fixedArray(let element, _):
            let items = try structured(given).arrayValue
            guard let items else { throw InputTextError("\(type) needs a JSON array") }
            if case .fixedArray(_, let n) = type, items.count != n { throw InputTextError("\(type) needs \(n) items, not \(items.count)") }
            var values: [ABIValue] = []
            for item in items { values.append(try value(item, as: element)) }
            return .array(values)
        case .tuple(let components):
            let parsed = try structured(given)
            guard let items = parsed.arrayValue ?? parsed.objectValue?.map(\.value), items.count == components.count else {
                throw InputTextError("\(type) needs a JSON array of \(components.count) values")
            }
            var values: [ABIValue] = []
            for (item, component) in zip(items, components) { values.append(try value(item, as: component)) }
            return .tuple(values)
        case .bool:
            switch given {
            case .bool(let b): return .bool(b)
            case .string(let s) where s.lowercased() == "true": return .bool(true)
            case .string(let s) where s.lowercased() == "false": return .bool(false)
            default: throw InputTextError("\(given) is not true or false")
            }
        default:
            guard let text = given.text else { throw InputTextError("\(type) needs text, not \(JSONWriter.write(given))") }
            do { return try ABIArgumentParser.parse(text, as: type) } catch { throw InputTextError(error.description) }
        }
    }

    /// JSON given as text (`"[1,2]"`) parsed; anything else as it is.
    private static func structured(_ given: JSONValue) throws(InputTextError) -> JSONValue {
        guard case .string(let text) = given else { return given }
        do { return try JSONParser.parse(text) } catch { throw InputTextError("'\(text)' is not JSON: \(error.description)") }
    }
}
