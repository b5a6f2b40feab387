/// A contract function as its ABI describes it: the name, and each input's name and type (tuples
/// with their components), so calls can be built from text and read back with names.
public struct ContractFunction: Sendable, Hashable, CustomStringConvertible {
    /// One input, named as the ABI names it (possibly empty).
    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let type: ABIType
        /// A tuple's named components (also for arrays of tuples); empty otherwise.
        public let components: [Parameter]

        /// A parameter; `components` name a tuple's parts.
        public init(name: String, type: ABIType, components: [Parameter] = []) {
            self.name = name
            self.type = type
            self.components = components
        }
    }

    public let name: String
    public let inputs: [Parameter]
    /// `view`, `pure`, `nonpayable` or `payable` when the ABI says.
    public let stateMutability: String?

    /// A function from its parts.
    public init(name: String, inputs: [Parameter], stateMutability: String? = nil) {
        self.name = name
        self.inputs = inputs
        self.stateMutability = stateMutability
    }

    /// A function from a signature, with or without parameter names:
    /// `stake(uint256 amount, address beneficiary)` or `stake(uint256,address)`.
    public init(signature text: String) throws(ContractABIError) {
        let parsed: FunctionSignature
        do { parsed = try FunctionSignature(text) } catch { throw .badSignature(error.description) }
        let names = Self.parameterNames(text, count: parsed.inputs.count)
        self.init(name: parsed.name, inputs: zip(names, parsed.inputs).map { Parameter(name: $0, type: $1) })
    }

    /// The types only, for hashing and coding.
    public var signature: FunctionSignature {
        // Built from parsed parts, so it always parses again.
        try! FunctionSignature(canonical)
    }

    /// `stake(uint256,address)`, the text the selector hashes.
    public var canonical: String { name + "(" + inputs.map(\.type.description).joined(separator: ",") + ")" }

    /// The first four bytes of the Keccak-256 of `canonical`.
    public var selector: [UInt8] { Array(Keccak256.hash(Array(canonical.utf8)).prefix(4)) }

    /// `stake(uint256 amount, address beneficiary)`: the canonical form with the names.
    public var description: String {
        name + "(" + inputs.map { $0.name.isEmpty ? $0.type.description : "\($0.type) \($0.name)" }.joined(separator: ", ") + ")"
    }

    /// Input `i`'s name, or `arg1`, `arg2`… where the ABI gives none.
    public func label(_ i: Int) -> String { inputs[i].name.isEmpty ? "arg\(i + 1)" : inputs[i].name }

    /// Calldata from one text argument per input, read as `bifrost abi encode` reads them
    /// (units for amounts, `[a,b]` arrays, `(a,b)` tuples); an error names the argument.
    public func encodeCall(_ arguments: [String]) throws(ContractABIError) -> [UInt8] {
        guard arguments.count == inputs.count else {
            throw .argumentCount(function: description, expected: inputs.count, got: arguments.count)
        }
        var values: [ABIValue] = []
        for (i, text) in arguments.enumerated() {
            do { values.append(try ABIArgumentParser.parse(text, as: inputs[i].type)) } catch {
                throw .badArgument(index: i + 1, name: label(i), type: inputs[i].type.description, reason: error.description)
            }
        }
        do { return try signature.encodeCall(values) } catch { throw .badArgument(index: 0, name: name, type: canonical, reason: error.description) }
    }

    /// The arguments of `calldata` for this function, each with its label and type; nil when the
    /// selector differs or the data does not decode.
    public func decodeCall(_ calldata: [UInt8]) -> [(label: String, type: ABIType, value: ABIValue)]? {
        guard let values = try? signature.decodeCall(calldata) else { return nil }
        return values.enumerated().map { (label($0.offset), inputs[$0.offset].type, $0.element) }
    }

    /// Names from the text between the outer parentheses: a top-level part with a space ends in
    /// its name (`uint256[] memory ids` → `ids`).
    static func parameterNames(_ text: String, count: Int) -> [String] {
        guard let open = text.firstIndex(of: "(") else { return Array(repeating: "", count: count) }
        var parts: [String] = [], current = "", depth = 0
        loop: for c in text[text.index(after: open)...] {
            switch c {
            case "(", "[": depth += 1
            case ")" where depth == 0: parts.append(current); break loop
            case ")", "]": depth -= 1
            case "," where depth == 0: parts.append(current); current = ""; continue
            default: break
            }
            current.append(c)
        }
        let names = parts.map { part -> String in
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count > 1, let last = words.last, !last.contains(")"), !last.contains("]") else { return "" }
            return String(last)
        }
        return names.count == count ? names : Array(repeating: "", count: count)
    }
}
