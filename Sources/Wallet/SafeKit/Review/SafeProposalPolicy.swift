import BigInt
import EthereumKit

/// What a co-signing server lets its Safes be asked to sign. By default it refuses, as the
/// official service can since the Bybit theft (February 2025), a delegatecall to anything but its
/// network's trusted contracts, and, stricter than the official service, a transaction whose
/// after-state takes the Safe over: a new singleton, a module or guard added, or a refund paid
/// to someone who is not an owner. Refusing at proposal time keeps such a transaction from ever
/// reaching the owners' queues, where one hurried signature would be enough.
public struct SafeProposalPolicy: Sendable, Hashable {
    /// A kind of change the operator may allow.
    public enum Allowance: String, Sendable, Hashable, CaseIterable {
        case singleton, module, `guard`, refund
    }

    /// A reason to refuse a proposal.
    public enum Breach: Sendable, Hashable, CustomStringConvertible {
        /// A delegatecall, at any depth of a batch, to code not on the trusted list.
        case untrustedDelegateCall(Address)
        /// The Safe would run another contract's code.
        case singletonChange(to: Address)
        /// A module would be enabled: it can move funds without the owners.
        case moduleEnabled(Address)
        /// A transaction guard, or a module guard, would be set.
        case guardSet(Address)
        /// The Safe would pay a gas refund to `receiver`, or to whoever executes (nil).
        case refundToNonOwner(receiver: Address?)

        /// The allowance that lets it through; nil for a delegatecall, which is allowed by address.
        public var allowance: Allowance? {
            switch self {
            case .untrustedDelegateCall: nil
            case .singletonChange: .singleton
            case .moduleEnabled: .module
            case .guardSet: .guard
            case .refundToNonOwner: .refund
            }
        }

        public var description: String {
            switch self {
            case .untrustedDelegateCall(let target):
                "Operation DELEGATE_CALL is not allowed: \(target.checksummed) is not a trusted delegatecall target of this server"
            case .singletonChange(let to): "the transaction changes the Safe's singleton to \(to.checksummed)"
            case .moduleEnabled(let module): "the transaction enables module \(module.checksummed)"
            case .guardSet(let guardAddress): "the transaction sets the guard \(guardAddress.checksummed)"
            case .refundToNonOwner(let receiver):
                "the transaction pays a gas refund to \(receiver?.checksummed ?? "whoever executes it"), who is not an owner"
            }
        }
    }

    /// Delegatecall targets trusted beyond the network's own.
    public var allowedDelegates: Set<Address>
    /// The changes let through.
    public var allowances: Set<Allowance>

    /// A policy trusting `allowedDelegates` besides the network's contracts and allowing `allowances`.
    public init(allowedDelegates: Set<Address> = [], allowances: Set<Allowance> = []) {
        self.allowedDelegates = allowedDelegates
        self.allowances = allowances
    }

    /// The default: the network's trusted delegatecall targets only, and no change allowed.
    public static let strict = SafeProposalPolicy()

    /// Why `tx`, decoded as `call`, may not be proposed; empty when it may. `before` and `after`
    /// are the Safe's state around the call when they could be read; without them the decoded
    /// calls to the Safe itself stand in.
    public func breaches(of tx: SafeTx, call: DecodedCall, before: SafeStateSnapshot?, after: SafeStateSnapshot?,
                         owners: [Address]) -> [Breach] {
        var found: [Breach] = []
        for untrusted in Self.untrustedDelegateTargets(in: call) where !allowedDelegates.contains(untrusted) {
            found.append(.untrustedDelegateCall(untrusted))
        }
        if let before, let after {
            if before.singleton != after.singleton { found.append(.singletonChange(to: after.singleton)) }
            found += after.modules.filter { !before.modules.contains($0) }.map(Breach.moduleEnabled)
            if after.guardAddress != before.guardAddress, after.guardAddress != .zero { found.append(.guardSet(after.guardAddress)) }
            if after.moduleGuard != before.moduleGuard, after.moduleGuard != .zero { found.append(.guardSet(after.moduleGuard)) }
        } else {
            found += Self.selfCallBreaches(in: call, safe: tx.safe)
        }
        if tx.gasPrice > 0, !owners.contains(tx.refundReceiver) {
            found.append(.refundToNonOwner(receiver: tx.refundReceiver == .zero ? nil : tx.refundReceiver))
        }
        var seen = Set<Breach>()
        return found.filter { breach in
            guard seen.insert(breach).inserted else { return false }
            return breach.allowance.map { !allowances.contains($0) } ?? true
        }
    }

    /// Every delegatecall target the decoder did not trust, in the call and its batch's calls.
    static func untrustedDelegateTargets(in call: DecodedCall) -> [Address] {
        (call.untrustedDelegateCall ? [call.to] : []) + call.calls.flatMap(untrustedDelegateTargets)
    }

    /// The takeover calls the Safe makes to itself, read from the decoded calls when no
    /// after-state could be read (a Safe before 1.3.0 has no `simulateAndRevert`).
    static func selfCallBreaches(in call: DecodedCall, safe: Address) -> [Breach] {
        var found: [Breach] = []
        if call.to == safe, call.operation == .call, let function = call.function,
           let target = call.arguments.first(where: { $0.type == "address" })?.addresses.first {
            switch function {
            case "changeMasterCopy": found.append(.singletonChange(to: target))
            case "enableModule": found.append(.moduleEnabled(target))
            case "setGuard" where target != .zero, "setModuleGuard" where target != .zero: found.append(.guardSet(target))
            default: break
            }
        }
        return found + call.calls.flatMap { selfCallBreaches(in: $0, safe: safe) }
    }
}
