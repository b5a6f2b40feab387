import EthereumKit

/// A Transaction Builder `contractMethod` (its ABI fragment: `name`, `inputs` with `type` and, for
/// tuples, `components`) and its `contractInputsValues` (text by input name; arrays and tuples as
/// JSON text, as the builder writes them) turned into calldata.
enum TransactionBuilderMethod {
    typealias Parameter = ContractFunction.Parameter

    static func calldata(_ method: JSONValue, values: JSONValue) throws(TransactionBuilderCallError) -> [UInt8] {
        guard method["inputs"]?.arrayValue != nil else { throw .badMethod("it needs a name and inputs") }
        // The fragment is read as any ABI entry is: name, input names and types, tuples from their components.
        let function: ContractFunction
        do { function = try ContractFunction(fragment: method) } catch {
            if case .badABI(let why) = error { throw .badMethod(why) }
            throw .badMethod(error.description)
        }
        var arguments: [ABIValue] = []
        for (i, input) in function.inputs.enumerated() {
            // An unnamed input is keyed by its position, as the builder keys it.
            let path = input.name.isEmpty ? "input \(i)" : input.name
            guard let given = values[input.name.isEmpty ? String(i) : input.name] ?? values[String(i)], given != .null else {
                throw .missingValue(input: path)
            }
            arguments.append(try value(given, as: input, at: path))
        }
        do { return try function.signature.encodeCall(arguments) } catch { throw .encoding(function: function.canonical, reason: error.description) }
    }

    /// `given` as a value of `parameter`: scalars from their text, arrays from JSON arrays, tuples
    /// from JSON arrays (by position) or objects (by component name); JSON may come as text.
    static func value(_ given: JSONValue, as parameter: Parameter, at path: String) throws(TransactionBuilderCallError) -> ABIValue {
        let type = parameter.type
        switch type {
        case .array(let element), .fixedArray(let element, _):
            guard let items = try structured(given, at: path).arrayValue else { throw .badValue(input: path, reason: "\(type) needs a JSON array") }
            if case .fixedArray(_, let n) = type, items.count != n { throw .badValue(input: path, reason: "\(type) needs \(n) items, not \(items.count)") }
            // An array of tuples keeps the tuple's named components for each item.
            let each = Parameter(name: parameter.name, type: element, components: parameter.components)
            var values: [ABIValue] = []
            for (i, item) in items.enumerated() { values.append(try value(item, as: each, at: "\(path)[\(i)]")) }
            return .array(values)
        case .tuple(let types):
            return .tuple(try tuple(try structured(given, at: path), of: components(of: parameter, types), at: path))
        case .bool:
            switch given {
            case .bool(let b): return .bool(b)
            case .string(let s) where s.lowercased() == "true": return .bool(true)
            case .string(let s) where s.lowercased() == "false": return .bool(false)
            default: throw .badValue(input: path, reason: "\(JSONWriter.write(given)) is not true or false")
            }
        default:
            guard let text = given.text else { throw .badValue(input: path, reason: "\(type) needs text, not \(JSONWriter.write(given))") }
            do { return try ABIArgumentParser.parse(text, as: type) } catch { throw .badValue(input: path, reason: error.description) }
        }
    }

    /// A tuple's values: a JSON array gives them in the components' order, a JSON object by the
    /// components' names (an unnamed one by its position), every key a component's and every
    /// component given.
    private static func tuple(_ parsed: JSONValue, of components: [Parameter], at path: String) throws(TransactionBuilderCallError) -> [ABIValue] {
        var values: [ABIValue] = []
        if let items = parsed.arrayValue {
            guard items.count == components.count else {
                throw .badValue(input: path, reason: "the tuple has \(components.count) components, not \(items.count)")
            }
            for (i, (item, component)) in zip(items, components).enumerated() {
                values.append(try value(item, as: component, at: "\(path).\(key(component, i))"))
            }
            return values
        }
        guard let members = parsed.objectValue else {
            throw .badValue(input: path, reason: "a tuple needs a JSON array of \(components.count) values or an object keyed by component name")
        }
        let keys = components.enumerated().map { key($0.element, $0.offset) }
        if let unknown = members.first(where: { !keys.contains($0.key) }) { throw .unknownKey(input: path, key: unknown.key, components: keys) }
        for (component, key) in zip(components, keys) {
            guard let item = parsed[key], item != .null else { throw .missingKey(input: path, key: key) }
            values.append(try value(item, as: component, at: "\(path).\(key)"))
        }
        return values
    }

    /// The named components of a tuple parameter; unnamed ones when the fragment gave none.
    private static func components(of parameter: Parameter, _ types: [ABIType]) -> [Parameter] {
        parameter.components.count == types.count ? parameter.components : types.map { Parameter(name: "", type: $0) }
    }

    /// The key of component `i`: its name, or its position when it has none.
    private static func key(_ component: Parameter, _ i: Int) -> String { component.name.isEmpty ? String(i) : component.name }

    /// JSON given as text (`"[1,2]"`) parsed; anything else as it is.
    private static func structured(_ given: JSONValue, at path: String) throws(TransactionBuilderCallError) -> JSONValue {
        guard case .string(let text) = given else { return given }
        do { return try JSONParser.parse(text) } catch { throw .badValue(input: path, reason: "'\(text)' is not JSON: \(error.description)") }
    }
}
