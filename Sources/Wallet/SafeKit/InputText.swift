import BigInt
import EthereumKit
import Foundation

/// What a person or a client typed, read by one set of rules for the CLI, the dashboard,
/// `bifrost serve` and the Transaction Service wire codec, so the same text means the same value
/// in each. Errors give the reason only;
/// each front end names its own option, field or line.
public enum InputText {
    /// An address: 0x and 40 hex digits, checksummed or in one case.
    public static func address(_ text: String) throws(InputTextError) -> Address {
        let t = trimmed(text)
        guard !t.isEmpty else { throw InputTextError("an address is required (0x and 40 hex digits)") }
        do { return try Address(t) } catch { throw InputTextError(error.description) }
    }

    /// A uint256, as every EVM quantity is: decimal (`1000`, `1e3`) or 0x hex, below 2^256.
    public static func uint256(_ text: String) throws(InputTextError) -> BigUInt {
        let t = trimmed(text)
        guard !t.isEmpty else { throw InputTextError("a number is required") }
        guard let v = IntegerText.parseUnsigned(t) else { throw InputTextError("'\(t)' is not a non-negative integer (decimal or 0x hex)") }
        guard v <= IntegerText.uint256Max else { throw InputTextError("the value does not fit in 256 bits") }
        return v
    }

    /// Bytes written as hex, with or without 0x.
    public static func hex(_ text: String) throws(InputTextError) -> [UInt8] {
        do { return try Hex.decode(trimmed(text)) } catch { throw InputTextError(error.description) }
    }

    /// An amount in wei. A number with a unit means that unit (`0.5 ether`, `20gwei`, `7 wei`);
    /// a bare number is wei wherever a raw amount is taken (cast's convention), and `bareUnit`
    /// only where a field says it means another unit (the dashboard's ETH fields).
    public static func amount(_ text: String, bareUnit: EtherUnit = .wei) throws(InputTextError) -> BigUInt {
        let t = trimmed(text)
        guard !t.isEmpty else { throw InputTextError("an amount is required") }
        let wei: BigUInt
        do { wei = try EtherAmount(parsing: t, bareUnit: bareUnit).wei } catch { throw InputTextError(error.description) }
        guard wei <= IntegerText.uint256Max else { throw InputTextError("'\(t)' does not fit in 256 bits of wei") }
        return wei
    }

    /// `call` or `delegatecall` (also 0 or 1); CREATE is not something a Safe transaction does here.
    public static func operation(_ text: String) throws(InputTextError) -> SafeOperation {
        guard let operation = SafeOperation(name: trimmed(text)), operation != .create else {
            throw InputTextError("operation '\(text)' is not call or delegatecall")
        }
        return operation
    }

    /// A batch of calls for MultiSend, in either of its two shapes, told apart by the first character:
    /// a JSON array of `{to, value, data, operation}`, whose values are raw amounts (bare is wei),
    /// or one `ADDRESS AMOUNT` transfer per line (comma or spaces between), whose bare amounts are
    /// in `bareUnit` (the dashboard's box says ETH). Errors name the item or line.
    public static func batch(_ text: String, bareUnit: EtherUnit = .wei) throws(InputTextError) -> [MultiSendCall] {
        let calls = trimmed(text).hasPrefix("[") ? try jsonBatch(text) : try lineBatch(text, bareUnit: bareUnit)
        guard !calls.isEmpty else { throw InputTextError("the batch holds no call") }
        return calls
    }

    private static func jsonBatch(_ text: String) throws(InputTextError) -> [MultiSendCall] {
        let root: JSONValue
        do { root = try JSONParser.parse(Array(text.utf8)) } catch { throw InputTextError("not JSON: \(error.description)") }
        guard let items = root.arrayValue else { throw InputTextError("expected a JSON array of calls") }
        var calls: [MultiSendCall] = []
        for (i, item) in items.enumerated() {
            do throws(InputTextError) {
                guard let to = item["to"]?.stringValue else { throw InputTextError("needs \"to\"") }
                calls.append(MultiSendCall(operation: try operation(item["operation"]?.text ?? "call"), to: try address(to),
                                           value: try amount(item["value"]?.text ?? "0"),
                                           data: try hex(item["data"]?.stringValue ?? "0x")))
            } catch {
                throw InputTextError("item \(i): \(error.reason)")
            }
        }
        return calls
    }

    private static func lineBatch(_ text: String, bareUnit: EtherUnit) throws(InputTextError) -> [MultiSendCall] {
        var calls: [MultiSendCall] = []
        // A browser's form sends CRLF, which Swift reads as one Character: split on any newline.
        for (i, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let parts = line.split(whereSeparator: { $0 == "," || $0.isWhitespace })
            if parts.isEmpty { continue }
            do throws(InputTextError) {
                guard parts.count == 2 else { throw InputTextError("write one transfer per line: ADDRESS AMOUNT") }
                calls.append(MultiSendCall(to: try address(String(parts[0])), value: try amount(String(parts[1]), bareUnit: bareUnit)))
            } catch {
                throw InputTextError("line \(i + 1): \(error.reason)")
            }
        }
        return calls
    }

    /// `text` without surrounding whitespace. Text that starts and ends with a visible ASCII
    /// character, as a server's every field does, is kept as it is: Foundation's trimming showed
    /// in the server's profile.
    static func trimmed(_ text: String) -> String {
        func visible(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7f } ?? false }
        if visible(text.utf8.first) && visible(text.utf8.last) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Why typed text was not read; the front end adds where it came from.
public struct InputTextError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
