import EthereumKit

/// The Ethereum app's commands as bytes (doc/ethapp.adoc in LedgerHQ/app-ethereum), byte for byte as
/// Ledger's own client, ledger_app_clients.ethereum, builds them (scripts/ledger-reference-test checks).
public enum LedgerEthereumAPDU {
    /// The Ethereum app's class byte.
    public static let cla: UInt8 = 0xE0
    /// The longest data one APDU carries (its length is one byte).
    public static let maxChunk = 0xFF
    /// The app takes paths of 1 to 10 steps (MAX_BIP32_PATH).
    public static let maxPathDepth = 10

    /// The instruction bytes used here.
    public enum Instruction {
        public static let getAddress: UInt8 = 0x02
        public static let signTransaction: UInt8 = 0x04
        public static let getConfiguration: UInt8 = 0x06
        public static let signPersonalMessage: UInt8 = 0x08
        public static let signTypedData: UInt8 = 0x0C
        /// The dashboard's "get app and version", under class 0xB0.
        public static let appInfo: UInt8 = 0x01
    }

    /// P1 of the chunked signing commands.
    static let firstChunk: UInt8 = 0x00
    static let laterChunk: UInt8 = 0x80

    /// One short APDU: CLA INS P1 P2 Lc data (data at most 255 bytes, checked by the callers).
    public static func command(cla: UInt8 = cla, ins: UInt8, p1: UInt8, p2: UInt8, data: [UInt8] = []) -> [UInt8] {
        precondition(data.count <= maxChunk, "an APDU carries at most 255 bytes")
        return [cla, ins, p1, p2, UInt8(data.count)] + data
    }

    /// A path as the app reads it: the number of steps, then each index as 4 bytes big-endian.
    public static func path(_ path: DerivationPath) throws(LedgerError) -> [UInt8] {
        guard (1...maxPathDepth).contains(path.components.count) else {
            throw .invalidRequest("the Ethereum app takes paths of 1 to \(maxPathDepth) steps, not \(path.components.count) (\(path))")
        }
        return [UInt8(path.components.count)] + path.components.flatMap(bigEndian)
    }

    /// GET ETH PUBLIC ADDRESS (INS 0x02): P1 1 shows the address on the device for approval; P2 0, no chain code.
    public static func getAddress(at path: DerivationPath, display: Bool) throws(LedgerError) -> [UInt8] {
        command(ins: Instruction.getAddress, p1: display ? 0x01 : 0x00, p2: 0x00, data: try self.path(path))
    }

    /// GET APP CONFIGURATION (INS 0x06): flags and the app's version as three bytes.
    public static func getConfiguration() -> [UInt8] {
        command(ins: Instruction.getConfiguration, p1: 0x00, p2: 0x00)
    }

    /// The dashboard's GET APP AND VERSION, B0 01 00 00, which any open app answers.
    public static func appInfo() -> [UInt8] {
        command(cla: 0xB0, ins: Instruction.appInfo, p1: 0x00, p2: 0x00)
    }

    /// SIGN ETH PERSONAL MESSAGE (INS 0x08): path, the message's length as 4 bytes big-endian, the
    /// message; cut into 255-byte chunks, the first with P1 0x00, the others 0x80.
    public static func signPersonalMessage(_ message: [UInt8], at path: DerivationPath) throws(LedgerError) -> [[UInt8]] {
        guard message.count <= Int(UInt32.max) else { throw .invalidRequest("a message of more than 4 GiB") }
        let payload = try self.path(path) + bigEndian(UInt32(message.count)) + message
        return chunked(payload, ins: Instruction.signPersonalMessage)
    }

    /// SIGN ETH EIP 712 (INS 0x0C) in its hashed form, P2 0x00: path, domain hash, message hash.
    public static func signTypedDataHashes(domainHash: [UInt8], messageHash: [UInt8], at path: DerivationPath) throws(LedgerError) -> [UInt8] {
        guard domainHash.count == 32, messageHash.count == 32 else {
            throw .invalidRequest("EIP-712 hashes are 32 bytes each, not \(domainHash.count) and \(messageHash.count)")
        }
        return command(ins: Instruction.signTypedData, p1: 0x00, p2: 0x00, data: try self.path(path) + domainHash + messageHash)
    }

    /// SIGN ETH TRANSACTION (INS 0x04), P2 0x00: path, then the unsigned transaction as it is hashed
    /// (the type byte and RLP), cut into 255-byte chunks, the first with P1 0x00, the others 0x80.
    ///
    /// ledgereth cuts the same way, but when path and transaction fill whole chunks exactly it sends
    /// one more, empty, chunk; the app's own client does not, and neither does this. (ledgerjs's
    /// hw-app-eth moves a legacy transaction's last cut so that no chunk starts inside the EIP-155
    /// tail, for app versions that mis-parsed it; neither Python client does, and this follows them.)
    public static func signTransaction(payload: [UInt8], at path: DerivationPath) throws(LedgerError) -> [[UInt8]] {
        chunked(try self.path(path) + payload, ins: Instruction.signTransaction)
    }

    /// The commands that carry `payload` in 255-byte pieces.
    static func chunked(_ payload: [UInt8], ins: UInt8) -> [[UInt8]] {
        stride(from: 0, to: max(payload.count, 1), by: maxChunk).map { start in
            let end = min(start + maxChunk, payload.count)
            return command(ins: ins, p1: start == 0 ? firstChunk : laterChunk, p2: 0x00, data: Array(payload[start..<end]))
        }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
