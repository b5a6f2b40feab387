import BigInt
import Storage

/// A vault key offered to pay an execution's gas.
public struct ExecutorOption: Sendable, Equatable {
    public let account: Account
    /// Its ether balance; nil until read (or when it could not be).
    public let balance: EtherAmount?
    /// Whether it owns the Safe; executing needs no ownership, so this only informs.
    public let isOwner: Bool
    /// Whether it holds any ether to pay gas with.
    public var isFunded: Bool { (balance?.wei ?? 0) > 0 }
}

/// A vault key offered to sign: an owner of the Safe, and whether its signature is already there.
public struct SignerOption: Sendable, Equatable {
    public let account: Account
    public let hasSigned: Bool
}

/// Which of the vault's keys to offer for signing and executing, in which order, and which one to
/// start on: the rule behind every key picker of a Safe transaction.
public enum KeyChoice {
    /// Every key may execute (the Safe checks the signatures, not the sender): funded keys first,
    /// owners first among them, then the unfunded ones. The first is the default only when funded.
    public static func executors(keys: [Account], owners: [Address], balances: [Address: EtherAmount]?) -> [ExecutorOption] {
        let options = keys.map { ExecutorOption(account: $0, balance: balances?[$0.address], isOwner: owners.contains($0.address)) }
        return options.enumerated().sorted { a, b in
            let ka = (a.element.isFunded ? 0 : 1, a.element.isOwner ? 0 : 1, a.offset), kb = (b.element.isFunded ? 0 : 1, b.element.isOwner ? 0 : 1, b.offset)
            return ka < kb
        }.map(\.element)
    }

    /// The key an execute picker starts on: the first funded one, none when no key holds ether.
    public static func defaultExecutor(_ options: [ExecutorOption]) -> ExecutorOption? { options.first(where: \.isFunded) }

    /// The keys that own the Safe, those that have not signed first; a signed one is listed as such, never the default.
    public static func signers(keys: [Account], owners: [Address], signed: [Address]) -> [SignerOption] {
        let options = keys.filter { owners.contains($0.address) }.map { SignerOption(account: $0, hasSigned: signed.contains($0.address)) }
        return options.filter { !$0.hasSigned } + options.filter(\.hasSigned)
    }
}
