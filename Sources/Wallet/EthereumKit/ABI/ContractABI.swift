/// A contract's ABI as JSON: the array solc writes, an artifact holding it under `abi` (Foundry,
/// Hardhat), or Etherscan's `getabi` answer; only its functions matter here.
public struct ContractABI: Sendable, Hashable {
    public let functions: [ContractFunction]

    /// Functions given directly, e.g. one from `--sig`.
    public init(functions: [ContractFunction]) { self.functions = functions }

    /// The ABI in `text`.
    public init(json text: String) throws(ContractABIError) {
        let document: JSONValue
        do { document = try JSONParser.parse(text) } catch { throw .badABI("not JSON: \(error.description)") }
        try self.init(document)
    }

    /// The ABI in `document`: an array of entries, an object with one under `abi`, or Etherscan's
    /// answer (`status`, `message`, and the ABI under `result`).
    public init(_ document: JSONValue) throws(ContractABIError) {
        var entries = document.arrayValue
        if entries == nil, let status = document["status"]?.text, let result = document["result"] {
            guard status == "1" else {
                throw .etherscanRefused(message: document["message"]?.text ?? "", result: result.text ?? JSONWriter.write(result))
            }
            entries = Self.entries(result)
        } else if entries == nil, let abi = document["abi"] {
            entries = Self.entries(abi)
        }
        guard let entries else { throw .badABI("an ABI is a JSON array of entries, an object with one under \"abi\", or Etherscan's getabi answer") }
        var functions: [ContractFunction] = []
        for (i, entry) in entries.enumerated() where (entry["type"]?.stringValue ?? "function") == "function" {
            do { functions.append(try ContractFunction(fragment: entry)) } catch { throw .badABI("entry \(i + 1): \(error.description)") }
        }
        self.functions = functions
    }

    /// The entries an artifact or Etherscan holds: an array, or (as Etherscan sends it) a string of one.
    private static func entries(_ held: JSONValue) -> [JSONValue]? {
        guard case .string(let inner) = held else { return held.arrayValue }
        return (try? JSONParser.parse(inner))?.arrayValue
    }

    /// The function `name` names: a bare name when it has no overloads, or a full signature
    /// such as `stake(uint256,address)`.
    public func function(_ name: String) throws(ContractABIError) -> ContractFunction {
        let wanted = name.trimmingWhitespace()
        if wanted.contains("(") {
            let canonical: String
            do { canonical = try FunctionSignature(wanted).canonical } catch { throw .badSignature(error.description) }
            if let match = functions.first(where: { $0.canonical == canonical }) { return match }
        } else {
            let matches = functions.filter { $0.name == wanted }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw .ambiguous(name: wanted, overloads: matches.map(\.canonical)) }
        }
        throw .noFunction(name: wanted, available: functions.map(\.canonical))
    }

    /// The functions a Safe can usefully call: not `view` or `pure`.
    public var writeFunctions: [ContractFunction] {
        functions.filter { $0.stateMutability != "view" && $0.stateMutability != "pure" && $0.stateMutability != "constant" }
    }

    /// The ABI as JSON (the array form), with names and tuple components.
    public var json: JSONValue { .array(functions.map(\.fragment)) }
}

extension ContractFunction {
    /// A function from its ABI entry: `name`, `inputs` with `name`, `type` and, for tuples, `components`.
    public init(fragment entry: JSONValue) throws(ContractABIError) {
        guard let name = entry["name"]?.stringValue, !name.isEmpty else { throw .badABI("a function has no name") }
        var inputs: [Parameter] = []
        for input in entry["inputs"]?.arrayValue ?? [] { inputs.append(try Parameter(fragment: input)) }
        self.init(name: name, inputs: inputs, stateMutability: entry["stateMutability"]?.stringValue)
        guard (try? FunctionSignature(canonical)) != nil else { throw .badABI("'\(name)' is not a function name") }
    }

    /// This function's ABI entry.
    public var fragment: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string("function")), ("name", .string(name)),
                                                           ("inputs", .array(inputs.map(\.fragment)))]
        if let stateMutability { members.append(("stateMutability", .string(stateMutability))) }
        return .object(members)
    }
}

extension ContractFunction.Parameter {
    /// A parameter from its ABI entry; a tuple's type is spelled out from its components.
    public init(fragment entry: JSONValue) throws(ContractABIError) {
        guard let type = entry["type"]?.stringValue else { throw .badABI("an input has no type") }
        var components: [Self] = []
        var text = type
        if type.hasPrefix("tuple") {
            for component in entry["components"]?.arrayValue ?? [] { components.append(try Self(fragment: component)) }
            text = "(" + components.map(\.type.description).joined(separator: ",") + ")" + type.dropFirst("tuple".count)
        }
        do { self.init(name: entry["name"]?.stringValue ?? "", type: try ABIType(parsing: text), components: components) } catch {
            throw .badABI(error.description)
        }
    }

    /// This parameter's ABI entry, tuples written as `tuple` with components as solc writes them.
    public var fragment: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("type", .string(abiTypeName))]
        if !components.isEmpty { members.append(("components", .array(components.map(\.fragment)))) }
        return .object(members)
    }

    private var abiTypeName: String {
        var base = type, suffix = ""
        while true {
            switch base {
            case .array(let inner): suffix = "[]" + suffix; base = inner; continue
            case .fixedArray(let inner, let n): suffix = "[\(n)]" + suffix; base = inner; continue
            default: break
            }
            break
        }
        if case .tuple = base { return "tuple" + suffix }
        return type.description
    }
}

/// Why an ABI, a function or its arguments cannot be used.
public enum ContractABIError: Error, Equatable, Sendable, CustomStringConvertible {
    case badABI(String)
    case badSignature(String)
    case noFunction(name: String, available: [String])
    case ambiguous(name: String, overloads: [String])
    case argumentCount(function: String, expected: Int, got: Int)
    case badArgument(index: Int, name: String, type: String, reason: String)
    /// Etherscan answered with status "0" instead of an ABI; `result` says why (e.g. the source is not verified).
    case etherscanRefused(message: String, result: String)

    public var description: String {
        switch self {
        case .badABI(let why): return "the ABI cannot be read: \(why)"
        case .badSignature(let why): return why
        case .noFunction(let name, let available):
            let list = available.prefix(20).joined(separator: ", ")
            return "the ABI has no function \(name)" + (available.isEmpty ? " (it has no functions)" : "; it has \(list)\(available.count > 20 ? ", …" : "")")
        case .ambiguous(let name, let overloads):
            return "\(name) is overloaded; name one by its signature: \(overloads.joined(separator: ", "))"
        case .argumentCount(let function, let expected, let got):
            return "\(function) takes \(expected) argument\(expected == 1 ? "" : "s"), got \(got)"
        case .badArgument(let index, let name, let type, let reason):
            return index == 0 ? "\(name): \(reason)" : "argument \(index) (\(name), \(type)): \(reason)"
        case .etherscanRefused(let message, let result):
            // Etherscan's words are outside text: one line, and not a page of it.
            let said = [message, result].filter { !$0.isEmpty }.joined(separator: ": ")
            return "Etherscan answered with no ABI (status 0): \(ABITypeError.clipped(said.split(whereSeparator: \.isNewline).joined(separator: " ")))"
        }
    }
}
