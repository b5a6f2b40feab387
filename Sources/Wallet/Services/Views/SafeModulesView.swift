import BigInt
import Foundation
import SafeKit

/// A Safe's modules with what each executed, its guard and handler, in the JSON `safe modules` prints.
public struct SafeModulesView: Codable, Sendable, Hashable {
    /// One execution by a module.
    public struct ExecutionView: Codable, Sendable, Hashable {
        public var success: Bool
        /// The call decoded from the carrier's calldata; null when only a trace would show it.
        @NullWhenAbsent public var summary: String?
        public var transactionHash: String
        public var blockNumber: JSONNumber
        /// The block's time (ISO 8601, UTC); null when the node did not give it.
        @NullWhenAbsent public var date: String?
    }

    /// One enabled module.
    public struct ModuleView: Codable, Sendable, Hashable {
        public var address: String
        public var executions: JSONNumber
        public var succeeded: JSONNumber
        /// Newest first.
        public var recent: [ExecutionView]
    }

    public var safe: String
    public var chainId: String
    public var modules: [ModuleView]
    /// The transaction guard; the zero address when none.
    public var `guard`: String
    public var fallbackHandler: String

    /// The view of `modules`, each with at most `recent` of its newest executions.
    public init(_ modules: SafeModules, recent: Int = 10) {
        let s = modules.state.safe
        safe = s.address.checksummed
        chainId = String(s.chainID)
        self.guard = s.guardAddress.checksummed
        fallbackHandler = s.fallbackHandler.checksummed
        self.modules = modules.modules.map { m in
            ModuleView(address: m.module.checksummed, executions: JSONNumber(m.executions.count), succeeded: JSONNumber(m.succeeded),
                       recent: m.executions.prefix(recent).map { e in
                           ExecutionView(success: e.success, summary: e.summary, transactionHash: Hex.encode(e.transactionHash),
                                         blockNumber: JSONNumber(e.block), date: e.date.map { ISO8601DateFormatter().string(from: $0) })
                       })
        }
    }
}
