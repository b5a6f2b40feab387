import Foundation

/// The distinct values one keypath of a store's state has taken, kept once however many
/// subscribers follow it: a change is read and compared once per action, and only subscribers
/// waiting for it are woken, so a hundred subscribers cost about what one does.
@MainActor
final class KeyPathLog<State, Value: Equatable & Sendable>: KeyPathLogCounting {
    static var capacity: Int { 64 }

    private let read: (State) -> Value
    private var ring: [Value]
    /// The version of the newest value; versions count distinct values from 0.
    private(set) var latest = 0
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    /// How many subscriptions are alive.
    var subscribers = 0

    init(state: State, read: @escaping (State) -> Value) {
        self.read = read
        ring = [read(state)]
    }

    /// Records the keypath's value in `state` if it changed, and wakes those waiting for it.
    func update(_ state: State) {
        let value = read(state)
        guard value != ring[latest % Self.capacity] else { return }
        latest += 1
        if ring.count < Self.capacity { ring.append(value) } else { ring[latest % Self.capacity] = value }
        guard !waiters.isEmpty else { return }
        let woken = waiters
        waiters = [:]
        for waiter in woken.values { waiter.resume() }
    }

    /// The value after version `seen` (the oldest kept, if `seen` fell too far behind) and its
    /// version, waiting for a change if there is none yet; nil once the task is cancelled.
    func next(after seen: Int) async -> (Value, Int)? {
        while !Task.isCancelled {
            if latest > seen {
                let version = max(seen + 1, latest - Self.capacity + 1)
                return (ring[version % Self.capacity], version)
            }
            let id = UUID()
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiters[id] = $0 }
            } onCancel: {
                Task { @MainActor in self.wake(id) }
            }
        }
        return nil
    }

    private func wake(_ id: UUID) { waiters.removeValue(forKey: id)?.resume() }
}

/// A keypath log as its store counts it, whatever its value type.
@MainActor
protocol KeyPathLogCounting: AnyObject {
    var subscribers: Int { get set }
}
