/// The only place state changes: given an action, update the state and say what work follows.
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action: Sendable

    /// Applies `action` to `state` and returns the effect to run next.
    func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A reducer from a closure.
public struct Reduce<State, Action: Sendable>: Reducer {
    let body: (inout State, Action) -> Effect<Action>

    /// A reducer running `body`.
    public init(_ body: @escaping (inout State, Action) -> Effect<Action>) { self.body = body }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> { body(&state, action) }
}

/// Several reducers over the same state, run in order; their effects are merged.
public struct CombineReducers<State, Action: Sendable>: Reducer {
    let reducers: [any Reducer<State, Action>]

    /// Runs `reducers` in order.
    public init(_ reducers: any Reducer<State, Action>...) { self.reducers = reducers }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        Effect(operations: reducers.flatMap { $0.reduce(into: &state, action: action).operations })
    }
}

/// Runs a child reducer on a part of the parent's state, for the parent actions that carry a
/// child action (the "case" of the parent's action enum); the child's effects come back wrapped.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
    let state: WritableKeyPath<ParentState, Child.State>
    let extract: (ParentAction) -> Child.Action?
    let embed: @Sendable (Child.Action) -> ParentAction
    let child: Child

    /// Scopes `child` to `state`; `action` extracts the child action from a parent action and
    /// `embed` wraps a child action (usually the same enum case).
    public init(state: WritableKeyPath<ParentState, Child.State>, action extract: @escaping (ParentAction) -> Child.Action?,
                embed: @escaping @Sendable (Child.Action) -> ParentAction, child: Child) {
        self.state = state
        self.extract = extract
        self.embed = embed
        self.child = child
    }

    public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = extract(action) else { return .none }
        return child.reduce(into: &parent[keyPath: state], action: childAction).map(embed)
    }
}

/// Like `Scope`, for child state that is only there sometimes (a presented route); actions for
/// an absent child are ignored.
public struct IfLetScope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
    let state: WritableKeyPath<ParentState, Child.State?>
    let extract: (ParentAction) -> Child.Action?
    let embed: @Sendable (Child.Action) -> ParentAction
    let child: Child

    /// Scopes `child` to the optional `state`.
    public init(state: WritableKeyPath<ParentState, Child.State?>, action extract: @escaping (ParentAction) -> Child.Action?,
                embed: @escaping @Sendable (Child.Action) -> ParentAction, child: Child) {
        self.state = state
        self.extract = extract
        self.embed = embed
        self.child = child
    }

    public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = extract(action), var childState = parent[keyPath: state] else { return .none }
        let effect = child.reduce(into: &childState, action: childAction)
        parent[keyPath: state] = childState
        return effect.map(embed)
    }
}
