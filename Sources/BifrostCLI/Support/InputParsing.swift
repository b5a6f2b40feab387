import BigInt
import Services

/// Parsing of option values into Bifrost's types, with errors that name the option.
enum Input {
    static func address(_ text: String, option: String) throws -> Address {
        do { return try Address(text) } catch { throw InputError(option: option, reason: error.description) }
    }

    /// Every integer an option takes is an EVM quantity, so it is bounded by 2^256 - 1 here.
    static func unsigned(_ text: String, option: String) throws -> BigUInt {
        guard let v = IntegerText.parseUnsigned(text) else {
            throw InputError(option: option, reason: "'\(text)' is not a non-negative integer (decimal or 0x hex)")
        }
        guard v <= IntegerText.uint256Max else { throw InputError(option: option, reason: "the value does not fit in 256 bits") }
        return v
    }

    /// An amount of ether with optional unit (`1.5ether`, `20gwei`); a bare number is wei.
    static func amount(_ text: String, option: String) throws -> BigUInt {
        do { return try EtherAmount(parsing: text).wei } catch { throw InputError(option: option, reason: error.description) }
    }

    /// The bytes of the file an option names (`-` is stdin), with the option in any error.
    static func file(_ path: String, option: String) throws -> [UInt8] {
        do { return try FileAccess.live.read(path) } catch { throw InputError(option: option, reason: error.description) }
    }

    static func hex(_ text: String, option: String) throws -> [UInt8] {
        do { return try Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)) } catch {
            throw InputError(option: option, reason: error.description)
        }
    }
}

import Foundation
