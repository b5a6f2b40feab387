import EthereumKit

/// The events a transaction would emit, from running the Safe's own `execTransaction` in a
/// simulation, or why they are not known.
public enum SafeEmittedEvents: Sendable, Hashable {
    /// The execution ran; its events in order.
    case events([SafeEvent])
    /// The execution itself failed, with the node's reason.
    case failed(String)
    /// No events could be had, e.g. a node without `eth_simulateV1`: why.
    case unavailable(String)

    /// One line for a reviewer.
    public var summary: String {
        switch self {
        case .events(let events): "\(events.count) event\(events.count == 1 ? "" : "s")"
        case .failed(let why): "the execution fails, so it emits nothing: \(why)"
        case .unavailable(let why): "the events are unavailable: \(why)"
        }
    }

    /// The events; none when they are unknown or the execution fails.
    public var events: [SafeEvent] {
        if case .events(let events) = self { return events }
        return []
    }
}

extension SafeEmittedEvents {
    /// The events a reviewer still needs beside `effect`, the after-state of Safe `safe`: a
    /// configuration event of that Safe whose change the after-state already lists (an owner
    /// added, the threshold, a module) is said once, there. Another contract's, such as a child
    /// Safe's in the same batch, always stays.
    public func beyond(_ effect: SafeEffect, of safe: Address) -> [SafeEvent] {
        let listed = Set(effect.changes.map(\.kind))
        return events.filter { event in event.contract != safe || event.kind.stateChange.map { !listed.contains($0) } ?? true }
    }
}

extension SafeEvent.Kind {
    /// The change of the Safe's configuration this event records, if it records one.
    public var stateChange: SafeStateChange.Kind? {
        switch self {
        case .addedOwner, .removedOwner: .owners
        case .changedThreshold: .threshold
        case .enabledModule, .disabledModule: .modules
        case .changedGuard: .guardAddress
        case .changedModuleGuard: .moduleGuard
        case .changedFallbackHandler: .fallbackHandler
        case .changedMasterCopy: .singleton
        case .executionSuccess, .executionFailure, .safeReceived, .approveHash, .safeMultiSigTransaction, .safeModuleTransaction,
             .transfer, .approval, .approvalForAll, .other: nil
        }
    }
}
