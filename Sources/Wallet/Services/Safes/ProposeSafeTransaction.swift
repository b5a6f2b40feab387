import BigInt
import Foundation
import SafeKit
import Storage

/// What a proposed Safe transaction should do.
public enum SafeIntent: Sendable, Equatable {
    /// Any call (or delegatecall) from the Safe, e.g. an ether transfer.
    case call(to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation)
    /// An ERC-20 transfer; `amount` in the token's display units, e.g. `12.5`.
    case tokenTransfer(token: Address, to: Address, amount: String)
    /// Add an owner; threshold unchanged when nil.
    case addOwner(Address, threshold: BigUInt?)
    /// Remove an owner; the threshold drops only when it must, when nil.
    case removeOwner(Address, threshold: BigUInt?)
    case swapOwner(old: Address, new: Address)
    case changeThreshold(BigUInt)
    /// Several calls in one Safe transaction through MultiSend.
    case batch([MultiSendCall])
    /// Mark a message (by its digest) signed on chain: a delegatecall to the release's SignMessageLib.
    case signMessage(digest: [UInt8])
    /// ETH and ERC-20 transfers from a spreadsheet, in one Safe transaction through MultiSend.
    case transfers(TransferSheet)
    /// A call to a contract function named by its ABI; the review reads it back with the same ABI.
    case contractCall(ContractCall)
    /// A Safe{Wallet} Transaction Builder file for this Safe's chain: one call goes direct, more through MultiSend.
    case builderFile(TransactionBuilderFile)
    /// A change to the Safe's modules, guard or fallback handler, checked on chain before it is built.
    case setup(SafeSetupChange)
    /// Move the Safe to another release (`SafeUpgradePlan` decides how).
    case upgrade(SafeUpgradeRequest)
}

extension SafeIntent {
    /// The intent of a batch as given: Bifrost's own calls, or a Transaction Builder file.
    public init(_ batch: BatchInput) {
        switch batch {
        case .calls(let calls): self = .batch(calls)
        case .builderFile(let file): self = .builderFile(file)
        }
    }
}

/// The gas and refund fields of a Safe transaction. All zero, the default, means the executor
/// pays the gas and the Safe refunds nothing; anything else makes the Safe pay the executor (or
/// `refundReceiver`) back, which the review warns about.
public struct SafeTxRefund: Sendable, Equatable {
    public var safeTxGas: BigUInt
    public var baseGas: BigUInt
    public var gasPrice: BigUInt
    public var gasToken: Address
    public var refundReceiver: Address

    /// Refund fields; zero where not given.
    public init(safeTxGas: BigUInt = 0, baseGas: BigUInt = 0, gasPrice: BigUInt = 0, gasToken: Address = .zero, refundReceiver: Address = .zero) {
        self.safeTxGas = safeTxGas
        self.baseGas = baseGas
        self.gasPrice = gasPrice
        self.gasToken = gasToken
        self.refundReceiver = refundReceiver
    }

    /// No refund: what Bifrost proposes unless asked otherwise.
    public static let none = SafeTxRefund()
}

/// Proposes a Safe transaction: reads the Safe (one batch), builds and checks the call, picks the
/// next free nonce, and stores it with its safeTxHash, waiting for signatures. `DraftSafeTransaction`
/// builds the same without storing it.
public struct ProposeSafeTransaction: SafeTransactionsAction {
    public let safe: Address
    public let intent: SafeIntent
    public let nonce: BigUInt?
    public let refund: SafeTxRefund
    public let chain: ChainSelection
    public init(safe: Address, intent: SafeIntent, nonce: BigUInt? = nil, refund: SafeTxRefund = .none, chain: ChainSelection) {
        self.safe = safe
        self.intent = intent
        self.nonce = nonce
        self.refund = refund
        self.chain = chain
    }
    public func perform(on store: SafeTransactionsStore) async throws -> SafeTransactionEntry { try await store.propose(self) }
}

extension SafeTransactionsStore {
    func propose(_ p: ProposeSafeTransaction) async throws -> SafeTransactionEntry {
        try await store(try await draft(p, follow: true))
    }

    /// The transaction `p` asks for, built and hashed, stored nowhere; `follow` makes this home
    /// follow the Safe (proposing does, so its owners are at hand for signing offline later).
    func draft(_ p: ProposeSafeTransaction, follow: Bool) async throws -> SafeTransactionDraft {
        let chain = try await connector.connect(p.chain)
        var tokenQuery: [Address]? = nil
        if case .tokenTransfer(let token, _, _) = p.intent { tokenQuery = [token] }
        if case .transfers(let sheet) = p.intent { tokenQuery = Array(Set(sheet.rows.compactMap(\.token))) }
        let state: SafeState
        do { state = try await refresh(p.safe, chain: chain, follow: follow, tokens: tokenQuery) } catch {
            guard case .transfers(let sheet) = p.intent else { throw error }
            throw TransferSheetCalls.located(error, in: sheet)
        }
        let safe = state.safe
        let contracts = chain.network?.contracts ?? NetworkContracts()
        let (call, summary) = if case .upgrade(let request) = p.intent {
            try await upgradeCall(request, state: state, chain: chain, contracts: contracts)
        } else {
            try build(p.intent, safe: safe, balance: state.balance, tokens: state.tokens, contracts: contracts)
        }
        if case .setup(let change) = p.intent { try await SafeSetupPreflight.check(change, remote: chain.remote) }
        let queued = try await storage.transactions(chainID: safe.chainID, safe: safe.address, status: .queued)
        let nonce = p.nonce ?? safe.nextFreeNonce(after: queued)
        guard nonce >= safe.nonce else { throw SafeError.nonceUsed(nonce: nonce, current: safe.nonce) }
        let r = p.refund
        let tx = SafeTx(safe: safe.address, chainID: safe.chainID, version: safe.safeVersion ?? .v1_4_1, to: call.to, value: call.value,
                        data: call.data, operation: call.operation, safeTxGas: r.safeTxGas, baseGas: r.baseGas, gasPrice: r.gasPrice,
                        gasToken: r.gasToken, refundReceiver: r.refundReceiver, nonce: nonce)
        var functions: [Address: [ContractFunction]] = [:]
        if case .contractCall(let c) = p.intent { functions[c.to, default: []].append(c.function) }
        if case .builderFile(let file) = p.intent {
            for (contract, function) in file.functions { functions[contract, default: []].append(function) }
        }
        return try SafeTransactionDraft(transaction: tx, summary: summary, functions: functions)
    }

    private func build(_ intent: SafeIntent, safe: Safe, balance: EtherAmount, tokens: [TokenBalance],
                       contracts: NetworkContracts) throws -> (call: MultiSendCall, summary: String) {
        let a = safe.address
        func selfCall(_ data: [UInt8]) -> MultiSendCall { MultiSendCall(to: a, data: data) }
        switch intent {
        case .call(let to, let value, let data, let operation):
            return (MultiSendCall(operation: operation, to: to, value: value, data: data),
                    SafeSummary.describe(to: to, value: value, data: data, operation: operation, safe: a))
        case .contractCall(let c):
            let ether = c.value > 0 ? " with \(EtherAmount(wei: c.value).exact(in: .ether)) ETH" : ""
            return (MultiSendCall(to: c.to, value: c.value, data: c.data), "\(c.headline) on \(c.to.checksummed)\(ether)")
        case .tokenTransfer(let token, let to, let amountText):
            guard let meta = tokens.first(where: { $0.token == token }) else { throw SafeError.noTokenDecimals(token) }
            let amount = try meta.amount(parsing: amountText)
            if amount.raw > meta.raw {
                throw ChainError.insufficientTokenBalance(symbol: meta.symbol, have: meta.amount.description, need: amount.description)
            }
            return (MultiSendCall(to: token, data: try ERC20.transfer(to: to, amount: amount.raw)),
                    "send \(amount.description) \(meta.symbol) to \(to.checksummed)")
        case .addOwner(let owner, let threshold):
            let t = threshold ?? safe.threshold
            return (selfCall(try SafeContract.addOwner(owner, threshold: t, owners: safe.owners, safe: a)),
                    "add owner \(owner.checksummed), threshold \(t)")
        case .removeOwner(let owner, let threshold):
            let t = threshold ?? min(safe.threshold, BigUInt(max(safe.owners.count - 1, 1)))
            return (selfCall(try SafeContract.removeOwnerCall(owner, threshold: t, owners: safe.owners)),
                    "remove owner \(owner.checksummed), threshold \(t)")
        case .swapOwner(let old, let new):
            return (selfCall(try SafeContract.swapOwnerCall(old, with: new, owners: safe.owners, safe: a)),
                    "replace owner \(old.checksummed) with \(new.checksummed)")
        case .changeThreshold(let t):
            return (selfCall(try SafeContract.changeThreshold(t, ownerCount: safe.owners.count)), "change threshold to \(t)")
        case .transfers(let sheet):
            let calls = try TransferSheetCalls.calls(sheet, balance: balance, tokens: tokens)
            let (call, _) = try build(.batch(calls), safe: safe, balance: balance, tokens: tokens, contracts: contracts)
            return (call, "\(calls.count) transfer\(calls.count == 1 ? "" : "s") through MultiSend")
        case .builderFile(let file):
            guard file.chainID == safe.chainID else {
                throw SafeError.batchRefused("the Transaction Builder file is for chain \(file.chainID), the Safe is on chain \(safe.chainID)")
            }
            guard file.calls.count > 1 else { return try build(.call(to: file.calls[0].to, value: file.calls[0].value, data: file.calls[0].data, operation: .call),
                                                                safe: safe, balance: balance, tokens: tokens, contracts: contracts) }
            let (call, summary) = try build(.batch(file.calls), safe: safe, balance: balance, tokens: tokens, contracts: contracts)
            return (call, file.name.map { "\($0): \(summary)" } ?? summary)
        case .batch(let calls):
            let callOnly = calls.allSatisfy { $0.operation == .call }
            // The Safe's own release's MultiSend when the network names one; any release's works.
            let own = contracts.set(for: safe.safeVersion ?? contracts.defaultVersion)
            let multiSend = own.multiSend ?? contracts.multiSend
            guard let target = callOnly ? (own.multiSendCallOnly ?? contracts.multiSendCallOnly ?? multiSend) : multiSend else {
                throw SafeError.noContracts(callOnly ? "MultiSendCallOnly" : "MultiSend", chainID: safe.chainID)
            }
            return (MultiSendCall(operation: .delegateCall, to: target, data: try MultiSend.multiSendCall(calls)),
                    "batch of \(calls.count) call\(calls.count == 1 ? "" : "s") through MultiSend")
        case .setup(let change):
            return (selfCall(try change.call(safe: a, modules: safe.modules)), change.summary)
        case .upgrade:
            throw SafeError.upgradeRefused("an upgrade is built from the chain's state (draft), not offline")
        case .signMessage(let digest):
            let version = safe.safeVersion ?? contracts.defaultVersion
            guard let library = contracts.set(for: version).signMessageLib ?? SafeDeployments.canonical(version).signMessageLib else {
                throw SafeError.noContracts("SignMessageLib", chainID: safe.chainID)
            }
            return (MultiSendCall(operation: .delegateCall, to: library, data: SafeMessage.signMessageCall(digest: digest)),
                    "sign message \(Hex.encode(digest)) on chain")
        }
    }
}
