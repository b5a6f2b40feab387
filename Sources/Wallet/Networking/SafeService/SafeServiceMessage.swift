import EthereumKit
import SafeKit

/// A Safe message as a Transaction Service returned it, verified: its hash recomputed from the
/// content with the Safe's domain, each confirmation recovered over that hash.
public struct SafeServiceMessage: Sendable {
    public let message: SafeMessage
    public let messageHash: [UInt8]
    /// The confirmations that recovered to their stated owner (contract ones still claims).
    public let confirmations: [SafeSignature]
    /// Confirmations the service listed that did not verify, with the reason.
    public let rejected: [String]
    public let proposedBy: Address?
    public let safeAppID: Int?
    public let origin: String?
}

/// A Safe's messages as a Transaction Service listed them.
public struct SafeServiceMessages: Sendable {
    public let messages: [SafeServiceMessage]
    /// Entries that did not verify (a hash that does not match the content, a bad field), each with why.
    public let setAside: [String]
}
