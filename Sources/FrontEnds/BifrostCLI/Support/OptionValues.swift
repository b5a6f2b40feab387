import ArgumentParser
import BigInt
import Foundation
import Services
import Synchronization

/// A value an option or argument takes, parsed once where ArgumentParser reads the command line.
/// `ExpressibleByArgument` can only say no; the reason is kept in `RefusedValues` so that the
/// error still names the option and says why, with exit status 1 like any bad value.
protocol OptionValue: ExpressibleByArgument, CustomStringConvertible {
    /// The value `text` gives; throws an `InputError` whose reason is shown to the user.
    static func parse(_ text: String) throws -> Self
}

extension OptionValue {
    init?(argument: String) {
        do {
            self = try Self.parse(argument)
        } catch {
            RefusedValues.current?.record(argument, reason: (error as? InputError)?.reason ?? String(describing: error))
            return nil
        }
    }
}

/// Why values were refused while one command line was parsed; `BifrostMain` gives each parse its own.
final class RefusedValues: Sendable {
    private let reasons = Mutex<[String: String]>([:])

    /// The record of the parse under way.
    @TaskLocal static var current: RefusedValues?

    func record(_ value: String, reason: String) { reasons.withLock { $0[value] = reason } }

    /// Why `value` was refused, if it was.
    func reason(for value: String) -> String? { reasons.withLock { $0[value] } }
}

/// An address (EIP-55 checksum checked when mixed case).
struct AddressValue: OptionValue {
    let address: Address
    static func parse(_ text: String) throws -> AddressValue { AddressValue(address: try Input.address(text, option: "")) }
    var description: String { address.checksummed }
}

/// A non-negative integer below 2^256, decimal or 0x hex.
struct QuantityValue: OptionValue {
    let value: BigUInt
    init(_ value: BigUInt) { self.value = value }
    static func parse(_ text: String) throws -> QuantityValue { QuantityValue(try Input.unsigned(text, option: "")) }
    var description: String { String(value) }
}

/// An amount of ether with an optional unit (`1.5ether`, `20gwei`); a bare number is wei.
struct AmountValue: OptionValue {
    let wei: BigUInt
    init(wei: BigUInt) { self.wei = wei }
    static func parse(_ text: String) throws -> AmountValue { AmountValue(wei: try Input.amount(text, option: "")) }
    var description: String { String(wei) }
}

/// Bytes as hex, with or without 0x.
struct HexValue: OptionValue {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    static func parse(_ text: String) throws -> HexValue { HexValue(try Input.hex(text, option: "")) }
    var description: String { Hex.encode(bytes) }
}

/// Addresses separated by commas (`--owners 0xA,0xB`).
struct AddressListValue: OptionValue {
    let addresses: [Address]
    static func parse(_ text: String) throws -> AddressListValue {
        AddressListValue(addresses: try text.split(separator: ",").map { try Input.address($0.trimmingCharacters(in: .whitespaces), option: "") })
    }
    var description: String { addresses.map(\.checksummed).joined(separator: ",") }
}

/// The line `BifrostMain` prints for ArgumentParser's refusal of a typed value: the option (or
/// the argument's name in capitals) and the reason, as hand parsing in each command used to.
enum RefusedValueWording {
    static func line(for message: String, refused: RefusedValues) -> String? {
        let prefix = "The value '", middle = "' is invalid for '"
        guard message.hasPrefix(prefix), message.hasSuffix("'"), let split = message.range(of: middle, options: .backwards) else { return nil }
        let value = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<split.lowerBound])
        let synopsis = message[split.upperBound..<message.index(before: message.endIndex)]
        guard let reason = refused.reason(for: value) else { return nil }
        let label: String
        if synopsis.hasPrefix("-") {
            label = String(synopsis.split(separator: " ").first ?? synopsis)
        } else {
            label = synopsis.trimmingCharacters(in: CharacterSet(charactersIn: "<>.")).uppercased().replacingOccurrences(of: "-", with: "_")
        }
        return "\(label): \(reason)"
    }
}

/// A safeTxHash: 32 bytes of hex.
struct SafeTxHashValue: OptionValue {
    let bytes: [UInt8]
    static func parse(_ text: String) throws -> SafeTxHashValue { SafeTxHashValue(bytes: try Input.hash32(text, named: "a safeTxHash")) }
    var description: String { Hex.encode(bytes) }
}

/// A SafeMessage hash: 32 bytes of hex.
struct MessageHashValue: OptionValue {
    let bytes: [UInt8]
    static func parse(_ text: String) throws -> MessageHashValue { MessageHashValue(bytes: try Input.hash32(text, named: "a message hash")) }
    var description: String { Hex.encode(bytes) }
}

extension Input {
    /// 32 bytes of hex, or an error naming `what` was expected.
    static func hash32(_ text: String, named what: String) throws -> [UInt8] {
        let bytes = try Input.hex(text, option: "")
        guard bytes.count == 32 else { throw InputError(option: "", reason: "\(what) is 32 bytes, this is \(bytes.count)") }
        return bytes
    }
}

/// `call` or `delegatecall` (or `0` / `1`).
struct OperationValue: OptionValue {
    let operation: SafeOperation
    static func parse(_ text: String) throws -> OperationValue {
        guard let operation = SafeOperation(name: text) else { throw InputError(option: "", reason: "'\(text)' is not call or delegatecall") }
        return OperationValue(operation: operation)
    }
    var description: String { operation.name }
}

/// A Safe contract version that hashes: 1.3.0, 1.4.1, 1.5.0, or an older one.
struct SafeVersionValue: OptionValue {
    let version: SafeVersion
    static func parse(_ text: String) throws -> SafeVersionValue {
        guard let version = SafeVersion(reported: text) else {
            throw InputError(option: "", reason: "'\(text)' is not a Safe version (1.3.0, 1.4.1 or 1.5.0)")
        }
        return SafeVersionValue(version: version)
    }
    var description: String { version.rawValue }
}

/// A Safe release Bifrost deploys and speaks: 1.3.0, 1.4.1 or 1.5.0, or the old 1.0.0 and 1.1.1.
struct DeployableSafeVersion: OptionValue {
    let version: SafeVersion
    static func parse(_ text: String) throws -> DeployableSafeVersion {
        guard let version = SafeVersion(rawValue: text.hasPrefix("v") ? String(text.dropFirst()) : text), version.isUsable else {
            let known = (SafeVersion.legacy + SafeVersion.supported).map(\.rawValue).joined(separator: ", ")
            throw InputError(option: "", reason: "'\(text)' is not a Safe version Bifrost supports (\(known))")
        }
        return DeployableSafeVersion(version: version)
    }
    var description: String { version.rawValue }
}
