/// Signing and executing a Safe transaction with a vault key, wired to a session: every feature
/// that offers these actions (the send flow, a transaction's detail) uses the same two.
enum SafeOwnerActions {
    /// Signs `safeTxHash` with the vault key named; `password` unlocks it.
    static func sign(_ session: Session, password: @escaping @Sendable (String) throws -> String)
        -> @Sendable ([UInt8], String) async throws -> SafeConfirmations {
        let d = session.services.dispatcher
        return { hash, key in try await d.dispatch(SignSafeTransaction(safeTxHash: hash, keyName: key, password: { try password(key) })) }
    }

    /// Executes `safeTxHash` on the session's chain, sent by the vault key named, and waits for the receipt.
    static func execute(_ session: Session, password: @escaping @Sendable (String) throws -> String)
        -> @Sendable ([UInt8], String) async throws -> SafeExecutionResult {
        let d = session.services.dispatcher, chain = session.chain
        return { hash, key in
            try await d.dispatch(ExecuteSafeTransaction(safeTxHash: hash, keyName: key, chain: chain, wait: true, password: { try password(key) }))
        }
    }
}
