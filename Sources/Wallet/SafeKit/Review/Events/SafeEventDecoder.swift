import BigInt
import EthereumKit
import struct Foundation.Data

/// Decodes the logs a simulated execution emits into `SafeEvent`s. Indexed and unindexed
/// arguments are both read, since Safe 1.3.0 logs an owner or module in the data where 1.4.1 and
/// later index it; a log too short for its event is named, never trusted.
public struct SafeEventDecoder: Sendable {
    /// A token's symbol and decimals, for amounts in words.
    public typealias TokenInfo = (symbol: String, decimals: Int)

    /// The Safe the transaction belongs to, named "the Safe".
    public let safe: Address
    private let names: SafeContractNames
    private let tokens: [Address: TokenInfo]

    /// A decoder for `safe`'s events, naming Safe contracts by `names` and amounts of `tokens`.
    public init(safe: Address, names: SafeContractNames, tokens: [Address: TokenInfo] = [:]) {
        self.safe = safe
        self.names = names
        self.tokens = tokens
    }

    private static func topic(_ signature: String) -> [UInt8] { Keccak256.hash(Array(signature.utf8)) }

    private static let signatures: [[UInt8]: SafeEvent.Kind] = [
        topic("AddedOwner(address)"): .addedOwner, topic("RemovedOwner(address)"): .removedOwner,
        topic("ChangedThreshold(uint256)"): .changedThreshold, topic("EnabledModule(address)"): .enabledModule,
        topic("DisabledModule(address)"): .disabledModule, topic("ChangedGuard(address)"): .changedGuard,
        topic("ChangedModuleGuard(address)"): .changedModuleGuard, topic("ChangedFallbackHandler(address)"): .changedFallbackHandler,
        topic("ChangedMasterCopy(address)"): .changedMasterCopy, SafeEvents.executionSuccess: .executionSuccess,
        SafeEvents.executionFailure: .executionFailure, SafeEvents.safeReceived: .safeReceived,
        topic("ApproveHash(bytes32,address)"): .approveHash, topic("Transfer(address,address,uint256)"): .transfer,
        topic("SafeMultiSigTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes,bytes)"): .safeMultiSigTransaction,
        topic("SafeModuleTransaction(address,address,uint256,bytes,uint8)"): .safeModuleTransaction,
        topic("Approval(address,address,uint256)"): .approval, topic("ApprovalForAll(address,address,bool)"): .approvalForAll,
    ]

    /// The event `topics` and `data` of a log `contract` emitted.
    public func decode(contract: Address, topics: [[UInt8]], data: [UInt8]) -> SafeEvent {
        let arguments = topics.dropFirst().map { $0 } + stride(from: 0, to: data.count / 32 * 32, by: 32).map { Array(data[$0 ..< $0 + 32]) }
        let emitter = contract == safe ? "the Safe" : named(contract)
        func event(_ kind: SafeEvent.Kind, _ severity: SafeStateChange.Severity, _ words: String, transfer: SafeEvent.TokenTransfer? = nil) -> SafeEvent {
            SafeEvent(contract: contract, kind: kind, severity: severity, description: "\(emitter): \(words)", transfer: transfer)
        }
        func address(_ i: Int) -> Address? { i < arguments.count ? Address(strictWord: arguments[i]) : nil }
        func number(_ i: Int) -> BigUInt? { i < arguments.count ? BigUInt(Data(arguments[i])) : nil }
        guard let first = topics.first, let kind = Self.signatures[first] else {
            let topic = topics.first.map { Hex.encode(Array($0.prefix(4))) + "…" } ?? "an anonymous event"
            return event(.other, .info, "an event not decoded (\(topic), \(data.count) bytes of data)")
        }
        let unreadable = event(.other, .warning, "a \(kind.rawValue) event that does not read as one")
        switch kind {
        case .addedOwner, .removedOwner, .enabledModule, .disabledModule, .changedGuard, .changedModuleGuard, .changedFallbackHandler, .changedMasterCopy:
            guard arguments.count == 1, let who = address(0) else { return unreadable }
            let (severity, words) = configuration(kind, named(who), unset: who == .zero)
            return event(kind, severity, words)
        case .changedThreshold:
            guard arguments.count == 1, let threshold = number(0) else { return unreadable }
            return event(kind, .notable, "the threshold becomes \(threshold) (ChangedThreshold)")
        case .executionSuccess, .executionFailure:
            guard let hash = arguments.first, arguments.count == 2 else { return unreadable }
            return kind == .executionSuccess
                ? event(kind, .info, "executes \(Hex.encode(hash)) (ExecutionSuccess)")
                : event(kind, .warning, "records \(Hex.encode(hash)) as failed, and its nonce as used (ExecutionFailure)")
        case .safeReceived:
            guard arguments.count == 2, let sender = address(0), let value = number(1) else { return unreadable }
            return event(kind, .info, "receives \(EtherAmount(wei: value).exact(in: .ether)) ETH from \(named(sender)) (SafeReceived)")
        case .safeMultiSigTransaction:
            // The L2 Safe's copy of the fields for indexers; the review shows the fields themselves.
            return event(kind, .info, "records the transaction's fields for indexers (SafeMultiSigTransaction)")
        case .safeModuleTransaction:
            return event(kind, .warning, "a module makes the Safe call (SafeModuleTransaction)")
        case .approveHash:
            guard arguments.count == 2, let owner = address(1) else { return unreadable }
            return event(kind, .info, "\(named(owner)) approves the hash \(Hex.encode(arguments[0])) (ApproveHash)")
        case .transfer:
            guard let moved = SafeLedger.tokenTransfer(topics: topics, data: data) else { return unreadable }
            if let tokenID = moved.tokenID { return event(kind, .info, "NFT #\(tokenID) moves from \(named(moved.from)) to \(named(moved.to)) (Transfer)") }
            let amount = moved.amount ?? 0
            return event(kind, .info, "\(self.amount(amount, of: contract)) moves from \(named(moved.from)) to \(named(moved.to)) (Transfer)",
                         transfer: .init(token: contract, from: moved.from, to: moved.to, amount: amount))
        case .approval:
            guard topics.count >= 3, let from = address(0), let to = address(1), let amount = number(2), arguments.count == 3 else { return unreadable }
            if topics.count == 4 { return event(kind, .warning, "\(named(from)) lets \(named(to)) move NFT #\(amount) (Approval)") }
            let unlimited = amount == BigUInt(1) << 256 - 1
            return event(kind, unlimited ? .critical : .warning,
                         "\(named(from)) lets \(named(to)) spend \(unlimited ? "any amount" : self.amount(amount, of: contract)) (Approval)")
        case .approvalForAll:
            guard arguments.count == 3, let owner = address(0), let operatorAddress = address(1), let approved = number(2) else { return unreadable }
            return approved == 0
                ? event(kind, .info, "\(named(owner)) withdraws \(named(operatorAddress))'s right to move all its NFTs (ApprovalForAll)")
                : event(kind, .critical, "\(named(owner)) lets \(named(operatorAddress)) move all its NFTs (ApprovalForAll)")
        case .other:
            return unreadable
        }
    }

    /// The severity and words of a configuration event about `name`.
    private func configuration(_ kind: SafeEvent.Kind, _ name: String, unset: Bool) -> (SafeStateChange.Severity, String) {
        switch kind {
        case .addedOwner: (.notable, "\(name) becomes an owner (AddedOwner)")
        case .removedOwner: (.notable, "\(name) is no longer an owner (RemovedOwner)")
        case .enabledModule: (.critical, "module \(name) is enabled (EnabledModule)")
        case .disabledModule: (.notable, "module \(name) is disabled (DisabledModule)")
        case .changedGuard: (unset ? .warning : .critical, "the transaction guard becomes \(name) (ChangedGuard)")
        case .changedModuleGuard: (.critical, "the module guard becomes \(name) (ChangedModuleGuard)")
        case .changedFallbackHandler: (.critical, "the fallback handler becomes \(name) (ChangedFallbackHandler)")
        default: (.critical, "the singleton becomes \(name) (ChangedMasterCopy)")
        }
    }

    /// An address with what it is: "the Safe", a Safe contract's release, or just the address.
    private func named(_ address: Address) -> String {
        if address == .zero { return "none" }
        if address == safe { return "the Safe" }
        if let name = names.name(address) { return "\(address.checksummed) (\(name))" }
        if let token = tokens[address] { return "\(address.checksummed) (\(token.symbol))" }
        return address.checksummed
    }

    /// `1.5 TEST` for a known token, else the raw units and the token's address.
    func amount(_ raw: BigUInt, of token: Address) -> String {
        guard let info = tokens[token] else { return "\(raw) units of \(token.checksummed)" }
        return "\(TokenAmount(raw: raw, decimals: info.decimals)) \(info.symbol)"
    }

    /// The ERC-20 balances the `events`' transfers change, per token and holder in order of first
    /// appearance, as changes a reviewer reads beside the ETH ones.
    public func tokenChanges(_ events: [SafeEvent]) -> [SafeStateChange] {
        var order: [[Address]] = [], net: [[Address]: (gain: BigUInt, loss: BigUInt)] = [:]
        for transfer in events.compactMap(\.transfer) where transfer.from != transfer.to {
            for (holder, gains) in [(transfer.from, false), (transfer.to, true)] where holder != .zero {
                let key = [transfer.token, holder]
                if net[key] == nil { order.append(key); net[key] = (0, 0) }
                if gains { net[key]!.gain += transfer.amount } else { net[key]!.loss += transfer.amount }
            }
        }
        return order.compactMap { key in
            let (gain, loss) = net[key]!
            guard gain != loss else { return nil }
            let change = gain > loss ? "+\(amount(gain - loss, of: key[0]))" : "-\(amount(loss - gain, of: key[0]))"
            let holder = key[1] == safe ? "the Safe" : key[1].checksummed
            return SafeStateChange(.tokenBalance, .info, "\(holder)'s balance of \(key[0] == safe ? "the Safe" : named(key[0])) changes by \(change)")
        }
    }
}
