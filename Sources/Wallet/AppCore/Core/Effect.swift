/// Work a reducer asks for after changing state: actions to send at once, async jobs that send
/// actions back, and cancellations. Reducers stay pure; the store runs the effect.
public struct Effect<Action: Sendable>: Sendable {
    enum Operation: Sendable {
        case send(Action)
        case run(id: EffectID?, cancelInFlight: Bool, body: @Sendable (Send<Action>) async -> Void)
        case cancel(EffectID)
    }

    let operations: [Operation]

    /// No work.
    public static var none: Effect { Effect(operations: []) }

    /// Sends `action` straight after the current one is reduced.
    public static func send(_ action: Action) -> Effect { Effect(operations: [.send(action)]) }

    /// Async work that may send actions back; a thrown error goes to `handler` (ignored without one,
    /// and `CancellationError` always is).
    public static func run(_ body: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
                           catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil) -> Effect {
        Effect(operations: [.run(id: nil, cancelInFlight: false, body: { send in
            do { try await body(send) } catch is CancellationError {} catch { await handler?(error, send) }
        })])
    }

    /// Cancels the running effects marked with `id`.
    public static func cancel(id: some Hashable & Sendable) -> Effect { Effect(operations: [.cancel(EffectID(id))]) }

    /// Marks this effect's async work with `id` so it can be cancelled; with `cancelInFlight`,
    /// work already running under the same id is cancelled first (e.g. a newer search).
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        let effectID = EffectID(id)
        return Effect(operations: operations.map { op in
            if case .run(_, _, let body) = op { return .run(id: effectID, cancelInFlight: cancelInFlight, body: body) }
            return op
        })
    }

    /// All of these effects.
    public static func merge(_ effects: Effect...) -> Effect { Effect(operations: effects.flatMap(\.operations)) }

    /// The same work sending `transform(action)` instead: how a child's effects reach its parent.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        Effect<Other>(operations: operations.map { op in
            switch op {
            case .send(let action): return .send(transform(action))
            case .cancel(let id): return .cancel(id)
            case .run(let id, let cancelInFlight, let body):
                return .run(id: id, cancelInFlight: cancelInFlight, body: { send in
                    await body(Send { action in await send(transform(action)) })
                })
            }
        })
    }
}

/// Sends actions from an effect back into its store; once the effect is cancelled it sends nothing.
public struct Send<Action: Sendable>: Sendable {
    let body: @Sendable (Action) async -> Void

    /// Wraps the store's way of receiving actions.
    public init(_ body: @escaping @Sendable (Action) async -> Void) { self.body = body }

    /// Sends `action`, unless the effect was cancelled.
    public func callAsFunction(_ action: Action) async {
        guard !Task.isCancelled else { return }
        await body(action)
    }
}

/// A type-erased, sendable effect identifier.
struct EffectID: Hashable, Sendable {
    let base: any Hashable & Sendable

    init(_ base: some Hashable & Sendable) { self.base = base }

    static func == (lhs: EffectID, rhs: EffectID) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}
