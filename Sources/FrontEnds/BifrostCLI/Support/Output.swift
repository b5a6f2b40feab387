import Services

/// Renders a command's result: one JSON object with `--json`, aligned `key: value` lines otherwise.
struct Output {
    let json: Bool

    /// Prints `fields` as one JSON object, or as aligned lines for a person.
    func emit(_ fields: [(String, JSONValue)]) {
        let console = Console.current
        if json {
            console.json(JSONWriter.write(.object(fields.map { (key: $0.0, value: $0.1) })))
            return
        }
        let width = fields.map(\.0.count).max() ?? 0
        for (key, value) in fields {
            let padding = String(repeating: " ", count: width - key.count)
            console.out("\(key):\(padding) \(Output.human(value))")
        }
    }

    /// Prints a view's members, as `emit(_:)` prints fields.
    func emit(view: some Encodable) throws {
        guard case .object(let members) = try Output.json(view) else { return emit([]) }
        emit(members.map { ($0.key, $0.value) })
    }

    /// Prints a view's members with the names of the addresses in it: a `names` member in JSON,
    /// each address followed by its name in text.
    func emit(view: some Encodable, names: AddressNames) throws {
        guard case .object(let members) = try Output.json(view) else { return emit([]) }
        emit(members.map { ($0.key, $0.value) }, names: names)
    }

    /// Prints `fields` with the names of the addresses in them, as `emit(view:names:)` does.
    func emit(_ fields: [(String, JSONValue)], names: AddressNames) {
        if json {
            let named = names.mentioned(in: .object(fields.map { (key: $0.0, value: $0.1) }))
            return emit(fields + (named.isEmpty ? [] : [("names", .object(named))]))
        }
        Console.$current.withValue(Console.current.naming(names)) { emit(fields) }
    }

    /// The JSON of a view type, to nest in a larger object.
    static func json(_ view: some Encodable) throws -> JSONValue { try JSONValueEncoder().encode(view) }

    /// Prints a single value: bare for a person, as `{"key": value}` with `--json`.
    func emit(single key: String, _ value: JSONValue) {
        if json { emit([(key, value)]) } else { Console.current.out(Output.human(value)) }
    }

    /// A value for a person, on one line: a string as `UntrustedText.visible` shows it, since views
    /// carry names and fields from outside; anything else as its JSON.
    static func human(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return UntrustedText.visible(s)
        case .null: return "-"
        default: return JSONWriter.write(value)
        }
    }
}
