import Storage

/// A BIP39 passphrase read from a file, and the form of it the accounts are derived with.
///
/// An older Bifrost read a CRLF passphrase file as the passphrase with its `\r\n` (Swift reads
/// `\r\n` as one Character, which its `\n` check missed): the same phrase and file gave other
/// accounts than they give now. Nothing of those is lost: `keepsCRLF` derives them again, and
/// `notice` names the first account under both forms, so a person can tell which holds the funds.
public struct PassphraseFile: Sendable {
    /// The passphrase as `SecretText` read it from the file.
    public let reading: SecretReading
    /// Whether the accounts are derived with the file's `\r\n` kept, as an older Bifrost did.
    public let keepsCRLF: Bool

    /// The passphrase `reading` gave; with `keepsCRLF`, the form an older Bifrost used, which is
    /// refused when the file did not end with `\r\n` (that Bifrost then read it as Bifrost does now).
    public init(_ reading: SecretReading, keepsCRLF: Bool = false) throws(VaultError) {
        guard !keepsCRLF || Self.hadCRLF(reading) else { throw .passphraseWithoutCRLF }
        self.reading = reading
        self.keepsCRLF = keepsCRLF
    }

    /// The passphrase the seed is made from.
    public var passphrase: String { keepsCRLF ? reading.text + LegacyLineEnding.crlf.rawValue : reading.text }

    /// The form not used, when the file gives two: the other one an older or a current Bifrost uses.
    var otherForm: String? {
        guard Self.hadCRLF(reading) else { return nil }
        return keepsCRLF ? reading.text : reading.text + LegacyLineEnding.crlf.rawValue
    }

    /// What to tell a person once the accounts of `mnemonic` are derived: the account at `path`
    /// under the form used and under the other; nil when the file gives one form only.
    public func notice(mnemonic: Mnemonic, path: DerivationPath) throws -> KeyNotice? {
        guard let otherForm else { return nil }
        let derivation = AccountDerivation()
        return .legacyPassphrase(keptCRLF: keepsCRLF, path: path.description,
                                 used: try derivation.account(mnemonic: mnemonic, passphrase: passphrase, path: path).address,
                                 other: try derivation.account(mnemonic: mnemonic, passphrase: otherForm, path: path).address)
    }

    /// An older Bifrost's passphrase file reader kept `\r\n` only; an LF file it read as now.
    private static func hadCRLF(_ reading: SecretReading) -> Bool { reading.source == .file && reading.droppedEnding == .crlf }
}
