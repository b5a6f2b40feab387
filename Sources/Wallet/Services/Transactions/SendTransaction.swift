import BigInt
import Storage

/// What to send: ether, or an ERC-20 amount (`token` set, `value` then the token amount in its
/// smallest unit).
public enum Transfer: Sendable, Equatable {
    case ether(to: Address, wei: BigUInt)
    case token(_ token: Address, to: Address, amount: BigUInt)
    /// A contract call with calldata, such as a Safe's `execTransaction` or a factory deployment.
    case contractCall(to: Address, value: BigUInt, data: [UInt8])
}

/// Steps of a send, for progress output.
public enum SendProgress: Sendable, Equatable {
    case preparing
    case signed(hash: [UInt8])
    case broadcast(hash: [UInt8])
    case waiting(hash: [UInt8], seconds: Int)
    case mined(blockNumber: BigUInt)
}

/// The outcome of a send.
public struct SendResult: Sendable, Equatable {
    public let transaction: StoredTransaction
    /// The receipt, when the send waited for one.
    public let receipt: TransactionReceipt?
}

/// Signs with a vault key and sends, optionally waiting for the receipt.
public struct SendTransaction: TransactionAction {
    public let keyName: String
    public let transfer: Transfer
    public let chain: ChainSelection
    public let wait: Bool
    public let timeoutSeconds: Int
    /// Asked only after every check passed, so a refused send never prompts.
    public let password: @Sendable () throws -> String
    public let progress: @Sendable (SendProgress) -> Void

    /// A send request.
    public init(keyName: String, transfer: Transfer, chain: ChainSelection, wait: Bool, timeoutSeconds: Int = 120,
                password: @escaping @Sendable () throws -> String, progress: @escaping @Sendable (SendProgress) -> Void = { _ in }) {
        self.keyName = keyName
        self.transfer = transfer
        self.chain = chain
        self.wait = wait
        self.timeoutSeconds = timeoutSeconds
        self.password = password
        self.progress = progress
    }

    public func perform(on store: TransactionStore) async throws -> SendResult { try await store.send(self) }
}

/// A transaction's latest state: refreshed from the node when reachable.
public struct TransactionStatusQuery: TransactionAction {
    public let hash: [UInt8]
    public let chain: ChainSelection
    public init(hash: [UInt8], chain: ChainSelection) {
        self.hash = hash
        self.chain = chain
    }
    public func perform(on store: TransactionStore) async throws -> TransactionState { try await store.status(self) }
}

/// Local history.
public struct ListTransactions: TransactionAction {
    public let from: Address?
    public init(from: Address?) { self.from = from }
    public func perform(on store: TransactionStore) async throws -> [StoredTransaction] { try await store.storage.list(from: from) }
}

/// What `tx status` shows: the local record if Bifrost sent it, and the chain's view.
public struct TransactionState: Sendable, Equatable {
    public let hash: [UInt8]
    public let local: StoredTransaction?
    public let receipt: TransactionReceipt?
    /// Known to the node (in a block or its pool).
    public let known: Bool
}

import Networking
