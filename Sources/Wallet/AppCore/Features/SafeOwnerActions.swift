/// Signing and executing a Safe transaction with a vault key, wired to a session: every feature
/// that offers these actions (the send flow, a transaction's detail) uses the same two.
enum SafeOwnerActions {
    /// Signs a safeTxHash with the vault key named, unlocked by the password given with it; a key
    /// that already signed is refused with `SafeError.alreadySigned`, so a second press is answered.
    static func sign(_ session: Session) -> @Sendable ([UInt8], String, String) async throws -> SafeConfirmations {
        let d = session.services.dispatcher
        return { hash, key, password in try await d.dispatch(SignSafeTransaction(safeTxHash: hash, keyName: key, refuseRepeat: true, password: { password })) }
    }

    /// Executes a safeTxHash on the session's chain, sent by the vault key named (unlocked by the
    /// password given with it), and waits for the receipt.
    static func execute(_ session: Session) -> @Sendable ([UInt8], String, String) async throws -> SafeExecutionResult {
        let d = session.services.dispatcher, chain = session.chain
        return { hash, key, password in
            try await d.dispatch(ExecuteSafeTransaction(safeTxHash: hash, keyName: key, chain: chain, wait: true, password: { password }))
        }
    }
}
