import BigInt
import Services

/// Parsing of option values into Bifrost's types, with errors that name the option.
/// Option values read by the one input dialect (`InputText`), with errors that name the option.
enum Input {
    static func address(_ text: String, option: String) throws -> Address {
        do { return try InputText.address(text) } catch { throw InputError(option: option, reason: error.reason) }
    }

    /// Every integer an option takes is an EVM quantity: decimal or 0x hex, below 2^256.
    static func unsigned(_ text: String, option: String) throws -> BigUInt {
        do { return try InputText.uint256(text) } catch { throw InputError(option: option, reason: error.reason) }
    }

    /// A raw amount: a bare number is wei; a unit may follow (`1.5ether`, `20gwei`).
    static func amount(_ text: String, option: String) throws -> BigUInt {
        do { return try InputText.amount(text) } catch { throw InputError(option: option, reason: error.reason) }
    }

    /// The bytes of the file an option names (`-` is stdin), with the option in any error.
    static func file(_ path: String, option: String) throws -> [UInt8] {
        do { return try FileAccess.live.read(path) } catch { throw InputError(option: option, reason: error.description) }
    }

    static func hex(_ text: String, option: String) throws -> [UInt8] {
        do { return try InputText.hex(text) } catch { throw InputError(option: option, reason: error.reason) }
    }
}
