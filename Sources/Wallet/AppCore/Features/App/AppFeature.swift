/// The whole app: onboarding until there is an owner key, then the Safe list, with a Safe's
/// detail and the send flow presented on top, and rates alongside.
public enum AppFeature {
    public enum Route: Equatable, Sendable {
        case launching
        case onboarding
        case safes
    }

    public struct State: Equatable, Sendable {
        public var route: Route = .launching
        public var safeList = SafeList.State()
        public var detail: SafeDetail.State?
        public var send: SendFlow.State?
        public var rates = RatesFeature.State()
        public init() {}
    }

    public enum Action: Equatable, Sendable {
        case launched
        case keysChecked(hasKeys: Bool)
        case keyCreated
        case safeList(SafeList.Action)
        case safeSelected(Address)
        case detail(SafeDetail.Action)
        case sendTapped
        case send(SendFlow.Action)
        case dismissSend
        case dismissDetail
        case rates(RatesFeature.Action)
        /// Goes to `route` directly, as a front end's navigation does.
        case updateRoute(Route)
    }

    public struct Dependencies: Sendable {
        public var hasKeys: @Sendable () async -> Bool
        public var safeList: SafeList.Dependencies
        public var detail: SafeDetail.Dependencies
        public var send: SendFlow.Dependencies
        public var rates: RatesFeature.Dependencies

        public init(hasKeys: @escaping @Sendable () async -> Bool, safeList: SafeList.Dependencies, detail: SafeDetail.Dependencies,
                    send: SendFlow.Dependencies, rates: RatesFeature.Dependencies) {
            self.hasKeys = hasKeys
            self.safeList = safeList
            self.detail = detail
            self.send = send
            self.rates = rates
        }

        /// Every feature wired to the session's live services.
        public static func live(_ session: Session, rates source: RatesSource) -> Dependencies {
            Dependencies(hasKeys: { ((try? await session.services.dispatcher.dispatch(ListKeys())) ?? []).isEmpty == false },
                         safeList: .live(session), detail: .live(session),
                         send: .live(session), rates: .live(session, source: source))
        }

        /// Fails everything.
        public static let failing = Dependencies(hasKeys: { false }, safeList: .failing, detail: .failing, send: .failing, rates: .failing)
    }

    /// The app reducer: routing here, each feature's own reducer scoped to its part of the state.
    public static func reducer(_ dependencies: Dependencies) -> some AppCore.Reducer<State, Action> {
        CombineReducers<State, Action>(
            Reduce { state, action in
                switch action {
                case .launched:
                    let hasKeys = dependencies.hasKeys
                    return .run { send in await send(.keysChecked(hasKeys: await hasKeys())) }
                case .keysChecked(let hasKeys):
                    state.route = hasKeys ? .safes : .onboarding
                    return hasKeys ? .send(.safeList(.task)) : .none
                case .keyCreated:
                    state.route = .safes
                    return .send(.safeList(.task))
                case .safeSelected(let address):
                    state.detail = SafeDetail.State(address: address)
                    return .send(.detail(.refresh))
                case .sendTapped:
                    guard let address = state.detail?.address else { return .none }
                    state.send = SendFlow.State(safe: address)
                    return .none
                case .send(.delegate(.executed)):
                    return .send(.detail(.refresh))
                case .updateRoute(let route):
                    state.route = route
                    return route == .safes ? .send(.safeList(.task)) : .none
                case .dismissSend:
                    state.send = nil
                    return .none
                case .dismissDetail:
                    state.detail = nil
                    state.send = nil
                    return .none
                case .safeList, .detail, .send, .rates:
                    return .none
                }
            },
            Scope(state: \.safeList, action: { if case .safeList(let a) = $0 { a } else { nil } }, embed: Action.safeList,
                  child: SafeList.Reducer(dependencies: dependencies.safeList)),
            IfLetScope(state: \.detail, action: { if case .detail(let a) = $0 { a } else { nil } }, embed: Action.detail,
                       child: SafeDetail.Reducer(dependencies: dependencies.detail)),
            IfLetScope(state: \.send, action: { if case .send(let a) = $0 { a } else { nil } }, embed: Action.send,
                       child: SendFlow.Reducer(dependencies: dependencies.send)),
            Scope(state: \.rates, action: { if case .rates(let a) = $0 { a } else { nil } }, embed: Action.rates,
                  child: RatesFeature.Reducer(dependencies: dependencies.rates))
        )
    }
}
