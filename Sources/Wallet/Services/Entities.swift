import Networking
import Storage

// The read-only entities of Storage that front ends see, as WooCommerce's Model.swift re-exports
// its models; the storage types that write (AppDatabase, the Storage structs, KeyVault, records)
// stay below.

/// Why a Ledger could not do what was asked.
public typealias LedgerError = Networking.LedgerError
/// A key of the vault: its name, address and kind.
public typealias Account = Storage.Account
/// How a key came to the vault.
public typealias AccountKind = Storage.AccountKind
/// Where Bifrost keeps its files.
public typealias BifrostHome = Storage.BifrostHome
/// A named chain.
public typealias ChainNetwork = Storage.ChainNetwork
/// A network's contract addresses.
public typealias NetworkContracts = Storage.NetworkContracts
/// A followed Safe as last read.
public typealias Safe = Storage.Safe
/// A Safe transaction with its collected signatures.
public typealias SafeTransactionEntry = Storage.SafeTransactionEntry
/// A Safe message with its collected signatures.
public typealias SafeMessageEntry = Storage.SafeMessageEntry
/// What a Safe message holds: a text or typed data.
public typealias SafeMessageKind = Storage.SafeMessageKind
/// Where a Safe transaction stands.
public typealias SafeTransactionStatus = Storage.SafeTransactionStatus
/// An Ethereum transaction this home sent.
public typealias StoredTransaction = Storage.StoredTransaction
/// Where a sent transaction stands.
public typealias TransactionStatus = Storage.TransactionStatus
/// A known ERC-20 token.
public typealias Token = Storage.Token
/// A row appearing, changing or going, as an observation reports it.
public typealias EntityChange = Storage.EntityChange
/// Why a key name is refused.
public typealias KeyNameError = Storage.KeyNameError
/// Why a deployments file is refused.
public typealias DeploymentsFileError = Storage.DeploymentsFileError
/// Why the database refused an operation.
public typealias StorageError = Storage.StorageError
/// What a network's node accepts: calls per batch, blocks per log query.
public typealias RPCLimits = Networking.RPCLimits

/// The rule for a rates API's coin IDs, for front ends that check one as it is typed.
public typealias CoinID = Networking.CoinID
/// A malformed coin ID, refused before any request.
public typealias InvalidCoinID = Networking.InvalidCoinID

/// A name for an address on one chain.
public typealias AddressBookEntry = Storage.AddressBookEntry
