import Foundation
import AppCore
import BigInt

/// Reads form fields into the values actions take, by the one input dialect (`InputText`),
/// with a message naming the field when one cannot be read.
enum Parse {
    static func address(_ text: String?, field: String) throws -> Address {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FormError("\(field): enter an address (0x followed by 40 hex digits).") }
        do { return try InputText.address(trimmed) } catch { throw FormError("\(field): '\(trimmed)' is not an address (\(error.reason)).") }
    }

    /// An address from a page's path: one that cannot be read refuses the request (400).
    static func address(_ text: String?, field: String, refusing: Bool) throws -> Address {
        do {
            return try address(text, field: field)
        } catch let error as FormError {
            throw Refusal(.badRequest, error.message)
        }
    }

    /// A Safe release from a page's path; one Bifrost does not speak refuses the request (400).
    static func safeVersion(_ text: String?) throws -> SafeVersion {
        guard let version = SafeVersion(rawValue: text ?? ""), version.isUsable else { throw Refusal(.badRequest, "Safe version: not one Bifrost speaks.") }
        return version
    }

    /// A coin ID from a form; anything the rates API could not name is refused with 400.
    static func coinID(_ text: String?) throws -> String {
        let id = text ?? ""
        do { try CoinID.check(id) } catch { throw Refusal(.badRequest, "Coin: \(error.description).") }
        return id
    }

    static func addresses(_ text: String?, field: String) throws -> [Address] {
        let parts = (text ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        guard !parts.isEmpty else { throw FormError("\(field): enter at least one address.") }
        return try parts.map { try address($0, field: field) }
    }

    static func number(_ text: String?, field: String) throws -> BigUInt {
        do { return try InputText.uint256(text ?? "") } catch { throw FormError("\(field): \(error.reason).") }
    }

    static func required(_ text: String?, field: String) throws -> String {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FormError("\(field): this field is required.") }
        return trimmed
    }

    /// The key chosen in `Format.keyFields`, and the password typed for it: empty for a key on a
    /// Ledger, which needs none (a vault key refuses an empty one when it is unlocked).
    static func signer(_ form: FormData) throws -> (key: String, password: Redacted<String>) {
        (try required(form["key"], field: "Key"), Redacted(form["password"] ?? ""))
    }

    /// The sign or execute form, which several screens share, as the feature's own `action` with
    /// the key chosen and its password.
    static func signer<Action>(_ form: FormData, _ action: (String, Redacted<String>) -> Action) throws -> [Action] {
        let chosen = try signer(form)
        return [action(chosen.key, chosen.password)]
    }

    /// A textarea's text exactly as typed (a signed text keeps its spaces), except that browsers
    /// send its line breaks as CRLF, which a signed text must not carry where the user wrote LF.
    static func multiline(_ text: String?, field: String) throws -> String {
        _ = try required(text, field: field)
        return (text ?? "").replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// A password exactly as typed (spaces count), which must not be empty.
    static func password(_ text: String?) throws -> Redacted<String> {
        guard let text, !text.isEmpty else { throw FormError("Password: enter the key's password.") }
        return Redacted(text)
    }

    static func optional(_ text: String?) -> String? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func hash(_ text: String) throws -> [UInt8] {
        guard let bytes = try? Hex.decode(text), bytes.count == 32 else { throw Refusal(.badRequest, "'\(text)' is not a safeTxHash.") }
        return bytes
    }
}
