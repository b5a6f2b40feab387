import BigInt
import Foundation

/// The names a person knows addresses by (the address book first, then followed Safes, then
/// the vault's keys), for every front end to show next to an address.
public struct AddressNames: Sendable, Equatable {
    /// Name by address.
    public let byAddress: [Address: String]

    /// Names given directly.
    public init(_ byAddress: [Address: String] = [:]) { self.byAddress = byAddress }

    /// The name of `address`, if it has one.
    public func name(_ address: Address) -> String? { byAddress[address] }

    /// `text` with ` (Name)` after every full address in it that has a name: summaries, decoded
    /// calls and review lines name their addresses the same way. A name shows as
    /// `UntrustedText.visible` shows it, so it cannot break the line it is put into.
    public func annotate(_ text: String) -> String {
        guard !byAddress.isEmpty, text.contains("0x") else { return text }
        var out = "", rest = Substring(text)
        while let start = rest.range(of: "0x") {
            out += rest[..<start.lowerBound]
            let candidate = rest[start.lowerBound...].prefix(42)
            let boundary = rest[start.lowerBound...].dropFirst(42).first.map { !$0.isHexDigit } ?? true
            if candidate.count == 42, boundary, let address = try? Address(String(candidate)), let name = byAddress[address] {
                out += candidate + " (\(UntrustedText.visible(name)))"
                rest = rest[candidate.endIndex...]
            } else {
                out += "0x"
                rest = rest[start.upperBound...]
            }
        }
        return out + rest
    }

    /// The names of the addresses `json` mentions anywhere, for a `names` member of a JSON answer.
    public func mentioned(in json: JSONValue) -> [(key: String, value: JSONValue)] {
        var found: [Address: String] = [:]
        func visit(_ value: JSONValue) {
            switch value {
            case .string(let s):
                if s.count == 42, let a = try? Address(s), let n = byAddress[a] { found[a] = n }
                else if s.count > 42 { for (a, n) in byAddress where s.contains(a.checksummed) || s.lowercased().contains(a.lowercased) { found[a] = n } }
            case .array(let items): items.forEach(visit)
            case .object(let members): members.forEach { visit($0.value) }
            default: break
            }
        }
        visit(json)
        return found.sorted { $0.key.checksummed < $1.key.checksummed }.map { (key: $0.key.checksummed, value: .string($0.value)) }
    }
}
