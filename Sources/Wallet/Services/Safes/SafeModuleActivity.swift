import Foundation
import SafeKit

/// One enabled module of a Safe with what it has executed on the Safe, newest first: its
/// `ExecutionFromModuleSuccess`/`Failure` logs as the history reads them.
public struct SafeModuleActivity: Sendable, Equatable {
    public let module: Address
    /// The module's executions, newest first, failures included.
    public let executions: [SafeActivityItem]

    /// A module with its executions.
    public init(module: Address, executions: [SafeActivityItem]) {
        self.module = module
        self.executions = executions
    }

    /// How many of its executions succeeded.
    public var succeeded: Int { executions.filter(\.success).count }

    /// Each of `modules` (the enabled ones, in the Safe's list order) with its executions among
    /// `activity` (newest first); a module that executed nothing has none. Executions by modules
    /// no longer enabled are not listed: they stay in the history.
    public static func of(_ modules: [Address], activity: [SafeActivityItem]) -> [SafeModuleActivity] {
        modules.map { module in
            SafeModuleActivity(module: module, executions: activity.filter { $0.kind == .module(module) })
        }
    }
}

/// A Safe's modules and what each executed, with its guard and fallback handler: the Safe read as
/// its home reads it (one batch with the activity logs).
public struct SafeModules: Sendable, Equatable {
    public let state: SafeState
    public let modules: [SafeModuleActivity]
}

/// Reads a Safe's enabled modules with the executions of each, its guard and its fallback handler.
public struct SafeModulesQuery: SafeHistoryAction {
    public let safe: Address
    public let chain: ChainSelection
    public init(safe: Address, chain: ChainSelection) {
        self.safe = safe
        self.chain = chain
    }
    public func perform(on store: SafeHistoryStore) async throws -> SafeModules {
        let home = try await store.home(SafeHomeQuery(safe: safe, chain: chain))
        if let why = home.historyError { throw SafeModulesError.activityUnreadable(why) }
        return SafeModules(state: home.state, modules: SafeModuleActivity.of(home.state.safe.modules, activity: home.activity))
    }
}

/// Why a Safe's modules could not be listed with their executions.
public enum SafeModulesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The node could not list the Safe's logs, so what the modules executed is unknown.
    case activityUnreadable(String)

    public var description: String {
        switch self {
        case .activityUnreadable(let why): return "the node could not list the Safe's executions, so what its modules did is unknown: \(why)"
        }
    }
}
