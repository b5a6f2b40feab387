import EthereumKit

/// Why a Ledger could not do what was asked, in terms a front end words for its user.
public enum LedgerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No Ledger found: none enumerated over USB, or the emulator's port refused the connection.
    case noDevice
    /// The device went away mid-exchange: a short read, end of stream, a failed USB write.
    case disconnected
    /// The device is locked (0x5515, 0x6982, 0x6B0C).
    case locked
    /// Another app, or the dashboard (nil), is open instead of Ethereum.
    case wrongApp(String?)
    /// 0x6985: the user refused on the device.
    case rejected
    /// 0x6A80 on hashed EIP-712 or transaction signing: the Ethereum app refuses to blind-sign.
    case blindSigningDisabled
    /// Any other status word.
    case status(UInt16)
    /// An answer not in the documented format.
    case malformedAnswer(String)
    /// BIFROST_LEDGER text that does not parse.
    case badEndpoint(String)
    /// OS-level error text (never a serial number or device name).
    case transport(String)
    /// A request the Ethereum app cannot take (a path of 0 or more than 10 steps, a hash not 32 bytes,
    /// a transaction that does not encode); caught here, before the device could answer with a status
    /// word that would be misread (0x6A80 would read as blind signing).
    case invalidRequest(String)
    /// The signature recovers to another address than the one expected for the path: another device
    /// or seed (or passphrase) than the key was recorded with.
    case unexpectedSigner(expected: Address, actual: Address)

    /// Plain English, for the front ends to show.
    public var description: String {
        switch self {
        case .noDevice: return "no Ledger found: connect it, unlock it and open the Ethereum app"
        case .disconnected: return "the Ledger disconnected"
        case .locked: return "the Ledger is locked: unlock it with its PIN"
        case .wrongApp(let name?): return "open the Ethereum app on the Ledger (\"\(UntrustedText.visible(name))\" is open)"
        case .wrongApp(nil): return "open the Ethereum app on the Ledger"
        case .rejected: return "rejected on the device"
        case .blindSigningDisabled: return "turn on blind signing in the Ethereum app's settings"
        case .status(let word): return "the Ledger answered with status 0x\(LedgerStatus.hex(word))"
        case .malformedAnswer(let why): return "the Ledger's answer was not understood: \(why)"
        case .badEndpoint(let text):
            return "where the Ledger is must be \"hid\" or \"tcp:HOST:PORT\", not \"\(UntrustedText.visible(text))\""
        case .transport(let why): return "could not talk to the Ledger: \(why)"
        case .invalidRequest(let why): return "the Ledger cannot be asked this: \(why)"
        case .unexpectedSigner(let expected, let actual):
            return "the Ledger signed as \(actual), not \(expected): is it the same device, seed and passphrase the key was added with?"
        }
    }
}
