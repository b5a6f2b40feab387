/// The Safe stores, one per thing a user does with a Safe (WooCommerce's Yosemite keeps a store
/// per feature with its actions beside it): following and deploying, transactions (propose,
/// sign, execute, queue), review and evidence, history and ledger, messages. Reads go out as one
/// batch per step; signing works offline from the stored owners.
public struct SafeStores: Sendable {
    /// Following Safes, reading them, deploying new ones.
    public let accounts: SafeAccountStore
    /// Proposing, signing, importing, executing, rejecting and queueing Safe transactions.
    public let transactions: SafeTransactionsStore
    /// Reviewing a Safe transaction before anyone signs, and its evidence file.
    public let reviews: SafeReviewStore
    /// A Safe's history, home and ledger.
    public let history: SafeHistoryStore
    /// Safe messages.
    public let messages: SafeMessageStore

    /// The five stores over one `context`.
    public init(_ context: SafeContext) {
        accounts = SafeAccountStore(context: context)
        transactions = SafeTransactionsStore(context: context)
        reviews = SafeReviewStore(context: context)
        history = SafeHistoryStore(context: context)
        messages = SafeMessageStore(context: context)
    }
}

/// Following Safes, reading them, deploying new ones.
public struct SafeAccountStore: SafeRoom { let context: SafeContext }
/// Proposing, signing, importing, executing, rejecting and queueing Safe transactions.
public struct SafeTransactionsStore: SafeRoom { let context: SafeContext }
/// Reviewing a Safe transaction before anyone signs, and its evidence file.
public struct SafeReviewStore: SafeRoom { let context: SafeContext }
/// A Safe's history, home and ledger.
public struct SafeHistoryStore: SafeRoom { let context: SafeContext }
/// Safe messages.
public struct SafeMessageStore: SafeRoom { let context: SafeContext }
