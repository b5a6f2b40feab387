/// Moves one APDU to a Ledger and back.
public protocol LedgerTransport: Sendable {
    /// Sends `apdu` and waits for the device's answer, however long the user takes to confirm.
    func exchange(_ apdu: [UInt8]) async throws(LedgerError) -> LedgerAnswer
}
