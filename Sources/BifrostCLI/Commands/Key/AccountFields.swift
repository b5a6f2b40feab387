import Services

/// The JSON and text fields every key command uses for an account.
enum AccountFields {
    static func fields(_ a: Account) -> [(String, JSONValue)] {
        [("name", .string(a.name)), ("address", .string(a.address.checksummed)),
         ("kind", .string(a.kind.rawValue)), ("path", a.derivationPath.map(JSONValue.string) ?? .null)]
    }
}
