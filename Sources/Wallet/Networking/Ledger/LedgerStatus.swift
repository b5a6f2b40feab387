/// Status words, and what each means for the instruction that got it: the one place they are read.
public enum LedgerStatus {
    /// Success.
    public static let ok: UInt16 = 0x9000

    /// Nil for success; otherwise the error `word` means as the answer to instruction `ins`
    /// (class 0xE0's instructions; the dashboard's B0 01 passes its own INS, 0x01).
    public static func error(for word: UInt16, instruction ins: UInt8) -> LedgerError? {
        switch word {
        case ok: return nil
        case 0x6985: return .rejected
        // 0x5515 is today's "locked"; older firmware answered 0x6982 ("security status not
        // satisfied") or 0x6B0C while locked.
        case 0x5515, 0x6982, 0x6B0C: return .locked
        // Instruction or class unknown, or no app open: the dashboard or another app answered.
        case 0x6D00, 0x6E00, 0x6E01, 0x6511: return .wrongApp(nil)
        // "Invalid data" is how the Ethereum app refuses what it would have to sign blind: a
        // hashed EIP-712 message, or transaction data it cannot show, while blind signing is off.
        // For any other instruction it means what it says, and stays a plain status.
        case 0x6A80 where ins == LedgerEthereumAPDU.Instruction.signTypedData || ins == LedgerEthereumAPDU.Instruction.signTransaction:
            return .blindSigningDisabled
        default: return .status(word)
        }
    }

    /// A status word as four upper-case hex digits.
    static func hex(_ word: UInt16) -> String {
        let digits = String(word, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
