import Foundation

/// Runs effects for a store: sends immediate actions, starts async work as tasks that report
/// back, and cancels by id. `Store` and the test store share it, so tests exercise the same runner.
@_spi(Testing)
@MainActor
public final class EffectRunner<Action: Sendable> {
    private var tasks: [UUID: Task<Void, Never>] = [:]
    private var cancellable: [EffectID: Set<UUID>] = [:]

    /// A runner with nothing running.
    public init() {}

    /// How many effects are running.
    public var running: Int { tasks.count }
    /// Called each time an effect finishes.
    public var onFinish: (() -> Void)?

    /// Runs `effect`: `immediate` gets `.send` actions now, `deliver` gets what async work sends.
    public func run(_ effect: Effect<Action>, immediate: (Action) -> Void, deliver: Send<Action>) {
        for operation in effect.operations {
            switch operation {
            case .send(let action):
                immediate(action)
            case .cancel(let id):
                cancel(id)
            case .run(let id, let cancelInFlight, let body):
                if let id, cancelInFlight { cancel(id) }
                let taskID = UUID()
                tasks[taskID] = Task { [weak self] in
                    await body(deliver)
                    self?.finished(taskID, id: id)
                }
                if let id { cancellable[id, default: []].insert(taskID) }
            }
        }
    }

    /// Waits until every running effect, and any it leads to, has finished.
    public func waitForAll() async {
        while let task = tasks.values.first { await task.value }
    }

    /// Cancels every running effect.
    public func cancelAll() {
        for task in tasks.values { task.cancel() }
    }

    private func cancel(_ id: EffectID) {
        for taskID in cancellable[id] ?? [] { tasks[taskID]?.cancel() }
    }

    private func finished(_ taskID: UUID, id: EffectID?) {
        tasks[taskID] = nil
        if let id { cancellable[id]?.remove(taskID) }
        onFinish?()
    }

    isolated deinit {
        for task in tasks.values { task.cancel() }
    }
}
