import BigInt

/// Settings: the networks (add one, choose the current one) and the keys (list them, export one
/// as a keystore file).
public enum Settings {
    public enum Route: Equatable, Sendable {
        case networks
        case keys
    }

    /// What the settings screens show, read in one go.
    public struct Snapshot: Equatable, Sendable {
        public var networks: [ChainNetwork]
        public var current: String?
        public var keys: [Account]
        /// What a person should know of the keys, such as one that opens only under a legacy
        /// form of its password and should be re-encrypted (`KeyNotice.legacyPassword`).
        public var keyNotices: [KeyNotice]
        public init(networks: [ChainNetwork], current: String?, keys: [Account], keyNotices: [KeyNotice] = []) {
            self.networks = networks
            self.current = current
            self.keys = keys
            self.keyNotices = keyNotices
        }
    }

    /// A keystore file exported for one key, for the page to offer as a download.
    public struct ExportedKeystore: Equatable, Sendable {
        public let name: String
        public let json: [UInt8]
        public init(name: String, json: [UInt8]) {
            self.name = name
            self.json = json
        }
    }

    public struct State: Equatable, Sendable {
        public var route: Route = .networks
        public var snapshot: Snapshot?
        public var loading = false
        public var busy = false
        public var error: FeatureError?
        public var exported: ExportedKeystore?
        public init() {}
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loaded(Result<Snapshot, FeatureError>)
        case addNetworkTapped(name: String, rpcURL: String, chainID: BigUInt?)
        case networkAdded(Result<ChainNetwork, FeatureError>)
        case useNetworkTapped(String)
        case networkUsed(Result<ChainNetwork, FeatureError>)
        case exportKeyTapped(String, password: Redacted<String>)
        case keyExported(Result<ExportedKeystore, FeatureError>)
        case updateRoute(Route)
    }

    public struct Dependencies: Sendable {
        public var load: @Sendable () async throws -> Snapshot
        public var addNetwork: @Sendable (String, String, BigUInt?) async throws -> ChainNetwork
        public var useNetwork: @Sendable (String) async throws -> ChainNetwork
        public var exportKey: @Sendable (String, String) async throws -> [UInt8]

        public init(load: @escaping @Sendable () async throws -> Snapshot,
                    addNetwork: @escaping @Sendable (String, String, BigUInt?) async throws -> ChainNetwork,
                    useNetwork: @escaping @Sendable (String) async throws -> ChainNetwork,
                    exportKey: @escaping @Sendable (String, String) async throws -> [UInt8]) {
            self.load = load
            self.addNetwork = addNetwork
            self.useNetwork = useNetwork
            self.exportKey = exportKey
        }

        /// Wired to the session's network and key stores.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher
            return Dependencies(
                load: {
                    let (networks, current) = try await d.dispatch(ListNetworks())
                    return Snapshot(networks: networks, current: current, keys: try await d.dispatch(ListKeys()),
                                    keyNotices: try await d.dispatch(LegacyPasswordNotices()))
                },
                addNetwork: { name, url, chainID in
                    try await d.dispatch(AddNetwork(name: name, rpcURL: url, chainID: chainID, deployments: nil))
                },
                useNetwork: { name in try await d.dispatch(UseNetwork(name: name)) },
                exportKey: { name, password in try await d.dispatch(ExportKey(name: name, password: password, newPassword: nil)) })
        }

        /// Fixed answers around `snapshot`.
        public static func mock(_ snapshot: Snapshot) -> Dependencies {
            Dependencies(
                load: { snapshot },
                addNetwork: { name, url, chainID in ChainNetwork(name: name, chainID: chainID ?? 1, rpcURL: url, contracts: NetworkContracts(),
                                                                 createdAt: snapshot.networks.first?.createdAt ?? .distantPast) },
                useNetwork: { name in
                    guard let network = snapshot.networks.first(where: { $0.name == name }) else { throw ChainError.unknownNetwork(name) }
                    return network
                },
                exportKey: { name, _ in Array("{\"name\":\"\(name)\"}".utf8) })
        }

        /// Fails everything.
        public static let failing = Dependencies(load: { throw FeatureProblem.unavailable("load") },
                                                 addNetwork: { _, _, _ in throw FeatureProblem.unavailable("addNetwork") },
                                                 useNetwork: { _ in throw FeatureProblem.unavailable("useNetwork") },
                                                 exportKey: { _, _ in throw FeatureProblem.unavailable("exportKey") })
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .refresh:
                state.loading = true
                let load = dependencies.load
                return .run { send in await send(.loaded(await FeatureError.result { try await load() })) }
            case .loaded(let result):
                state.loading = false
                switch result {
                case .success(let snapshot):
                    state.snapshot = snapshot
                    state.error = nil
                case .failure(let error): state.error = error
                }
                return .none
            case .addNetworkTapped(let name, let url, let chainID):
                state.busy = true
                state.error = nil
                let add = dependencies.addNetwork
                return .run { send in await send(.networkAdded(await FeatureError.result { try await add(name, url, chainID) })) }
            case .useNetworkTapped(let name):
                state.busy = true
                state.error = nil
                let use = dependencies.useNetwork
                return .run { send in await send(.networkUsed(await FeatureError.result { try await use(name) })) }
            case .networkAdded(let result), .networkUsed(let result):
                state.busy = false
                switch result {
                case .success: return .send(.refresh)
                case .failure(let error): state.error = error
                }
                return .none
            case .exportKeyTapped(let name, let password):
                state.busy = true
                state.error = nil
                state.exported = nil
                let export = dependencies.exportKey
                return .run { send in
                    await send(.keyExported(await FeatureError.result { ExportedKeystore(name: name, json: try await export(name, password.value)) }))
                }
            case .keyExported(let result):
                state.busy = false
                switch result {
                case .success(let file): state.exported = file
                case .failure(let error): state.error = error
                }
                return .none
            case .updateRoute(let route):
                state.route = route
                return .none
            }
        }
    }
}
