import EthereumKit

extension JSONRPCClient {
    /// Sends a raw transaction. A broadcast is never retried blindly: after a lost answer the node
    /// is asked whether it knows the transaction's hash, and only when it does not is the same raw
    /// transaction sent again, within the retry deadline.
    func broadcast(_ params: [JSONValue]) async throws(NetworkError) -> JSONValue {
        let send = { () async throws(NetworkError) -> JSONValue in try await self.single("eth_sendRawTransaction", params, retryable: false) }
        guard retry.deadline > .zero, case .string(let rawHex)? = params.first, let raw = try? Hex.decode(rawHex) else { return try await send() }
        let hash = Hex.encode(Keccak256.hash(raw))
        var schedule = RetrySchedule(policy: retry, origin: RetryingNetwork.origin(endpoint.url))
        var lastFailure: NetworkError
        do { return try await send() } catch {
            guard RetryPolicy.isTransient(error) else { throw error }
            lastFailure = error
        }
        while true {
            try await schedule.wait(after: lastFailure)
            // The node may have taken it before the answer was lost: then it is sent, and sending again is wrong.
            if let known = try? await single("eth_getTransactionByHash", [.string(hash)], retryable: true), known != .null {
                return .string(hash)
            }
            do { return try await send() } catch {
                if case .rpc(_, let message, _) = error, Self.meansAlreadyKnown(message) { return .string(hash) }
                guard RetryPolicy.isTransient(error) else { throw error }
                lastFailure = error
            }
        }
    }

    /// Nodes word "I have this one already" differently (geth: `already known`; others: `known transaction`).
    static func meansAlreadyKnown(_ message: String) -> Bool {
        let m = message.lowercased()
        return m.contains("already known") || m.contains("known transaction") || m.contains("already imported")
    }
}
