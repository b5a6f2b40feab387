import BigInt
import EthereumKit

/// One thing a transaction changes about a Safe, said in words, with how much it matters.
public struct SafeStateChange: Sendable, Hashable {
    /// What changed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case singleton, owners, threshold, nonce, modules, guardAddress = "guard", fallbackHandler, moduleGuard, balance, tokenBalance
    }

    /// How much a signer should care, least first: `info` is routine; `notable` is worth reading
    /// (an owner or threshold change, a nonce ahead); `warning` can go wrong; `critical` can lose the
    /// Safe's funds or control (an unknown delegatecall, a singleton, module or guard, a refund, a
    /// look-alike address). Only critical is shown red.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        case info, notable, warning, critical

        public static func < (a: Severity, b: Severity) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public let kind: Kind
    public let severity: Severity
    /// The change in words, e.g. "the Safe's singleton changes from 0x29fc… (Safe 1.4.1 L2) to 0x5a3b… (unknown contract)".
    public let description: String

    /// A change.
    public init(_ kind: Kind, _ severity: Severity, _ description: String) {
        self.kind = kind
        self.severity = severity
        self.description = description
    }

    /// The changes from `before` to `after`, the most severe first: the configuration a Safe's
    /// security rests on (singleton, modules, guards, fallback handler, owners, threshold, and a
    /// nonce moved by anything but the execution), then the ETH the Safe and the target gain or
    /// lose, and each of `watched` (the addresses the probe read, in order). `name` says what a
    /// known contract is ("Safe 1.4.1 L2"); nil for an unknown one.
    public static func between(_ before: SafeStateSnapshot, _ after: SafeStateSnapshot, watched: [Address],
                               name: (Address) -> String?) -> [SafeStateChange] {
        func called(_ a: Address) -> String {
            a == .zero ? "none" : "\(a.checksummed) (\(name(a) ?? "unknown contract"))"
        }
        var changes: [SafeStateChange] = []
        if before.singleton != after.singleton {
            changes.append(.init(.singleton, .critical,
                                 "the Safe's singleton changes from \(called(before.singleton)) to \(called(after.singleton)): the Safe will run that contract's code"))
        }
        for added in after.modules where !before.modules.contains(added) {
            changes.append(.init(.modules, .critical, "module \(called(added)) is enabled: it can move the Safe's funds without the owners"))
        }
        for removed in before.modules where !after.modules.contains(removed) {
            changes.append(.init(.modules, .notable, "module \(called(removed)) is disabled"))
        }
        if before.fallbackHandler != after.fallbackHandler {
            changes.append(.init(.fallbackHandler, .critical,
                                 "the fallback handler changes from \(called(before.fallbackHandler)) to \(called(after.fallbackHandler))"))
        }
        if before.guardAddress != after.guardAddress {
            let severity: Severity = after.guardAddress == .zero ? .warning : .critical
            changes.append(.init(.guardAddress, severity,
                                 "the transaction guard changes from \(called(before.guardAddress)) to \(called(after.guardAddress)): it decides which transactions can run"))
        }
        if before.moduleGuard != after.moduleGuard {
            changes.append(.init(.moduleGuard, .critical, "the module guard changes from \(called(before.moduleGuard)) to \(called(after.moduleGuard))"))
        }
        if before.nonce != after.nonce {
            changes.append(.init(.nonce, .critical, "the Safe's nonce is rewritten from \(before.nonce) to \(after.nonce), beyond the execution's own increment"))
        }
        for added in after.owners where !before.owners.contains(added) {
            changes.append(.init(.owners, .notable, "\(added.checksummed) becomes an owner"))
        }
        for removed in before.owners where !after.owners.contains(removed) {
            changes.append(.init(.owners, .notable, "\(removed.checksummed) is no longer an owner"))
        }
        if before.threshold != after.threshold || before.ownerCount != after.ownerCount {
            let single = after.threshold == 1 && after.ownerCount > 1 ? ": one owner alone can then move everything" : ""
            changes.append(.init(.threshold, after.threshold == 1 && after.ownerCount > 1 ? .critical : .notable,
                                 "the threshold changes from \(before.threshold) of \(before.ownerCount) to \(after.threshold) of \(after.ownerCount)\(single)"))
        }
        if before.balance != after.balance {
            changes.append(.init(.balance, .info, "the Safe's balance changes by \(signedEther(before.balance, after.balance))"))
        }
        for (i, address) in watched.enumerated() where i < before.balances.count && i < after.balances.count {
            guard before.balances[i] != after.balances[i] else { continue }
            changes.append(.init(.balance, .info, "\(address.checksummed)'s balance changes by \(signedEther(before.balances[i], after.balances[i]))"))
        }
        return mostSevereFirst(changes)
    }

    /// `changes` with the most severe first, otherwise in the order given.
    public static func mostSevereFirst(_ changes: [SafeStateChange]) -> [SafeStateChange] {
        changes.enumerated().sorted { ($1.element.severity, $0.offset) < ($0.element.severity, $1.offset) }.map(\.element)
    }

    /// `+1.5 ETH` or `-0.25 ETH`.
    static func signedEther(_ from: BigUInt, _ to: BigUInt) -> String {
        to >= from ? "+\(EtherAmount(wei: to - from).exact(in: .ether)) ETH" : "-\(EtherAmount(wei: from - to).exact(in: .ether)) ETH"
    }
}
