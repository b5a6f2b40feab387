import AppCore
import AppCoreTesting
import Foundation
import Testing

@MainActor
@Suite("Feature: Settings")
struct SettingsFeatureTests {
    static let local = ChainNetwork(name: "local", chainID: 31337, rpcURL: "http://127.0.0.1:8545", contracts: NetworkContracts(), createdAt: Sample.time)
    static let alice = Account(name: "alice", address: Sample.owners[0], kind: .mnemonic, derivationPath: "m/44'/60'/0'/0/0", createdAt: Sample.time)
    static let snapshot = Settings.Snapshot(networks: [local], current: "local", keys: [alice])

    @Test("refresh shows networks and keys; adding or choosing a network reloads; routes switch")
    func networks() async {
        let store = TestStore(initialState: Settings.State(), reducer: Settings.Reducer(dependencies: .mock(Self.snapshot)))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.snapshot))) {
            $0.loading = false
            $0.snapshot = Self.snapshot
        }
        store.send(.useNetworkTapped("local")) { $0.busy = true }
        await store.receive(.networkUsed(.success(Self.local))) { $0.busy = false }
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.snapshot))) { $0.loading = false }
        store.send(.useNetworkTapped("nowhere")) { $0.busy = true }
        await store.receive(.networkUsed(.failure(FeatureError(ChainError.unknownNetwork("nowhere"))))) {
            $0.busy = false
            $0.error = FeatureError(ChainError.unknownNetwork("nowhere"))
        }
        store.send(.updateRoute(.keys)) { $0.route = .keys }
        await store.finish()
    }

    @Test("exporting a key keeps its keystore file for the page; a failure keeps the error and no file")
    func export() async {
        let store = TestStore(initialState: Settings.State(), reducer: Settings.Reducer(dependencies: .mock(Self.snapshot)))
        store.send(.exportKeyTapped("alice", password: Redacted("pw"))) { $0.busy = true }
        let file = Settings.ExportedKeystore(name: "alice", json: Array(#"{"name":"alice"}"#.utf8))
        await store.receive(.keyExported(.success(file))) {
            $0.busy = false
            $0.exported = file
        }
        await store.finish()

        let failing = TestStore(initialState: Settings.State(), reducer: Settings.Reducer(dependencies: .failing))
        failing.send(.exportKeyTapped("alice", password: Redacted("pw"))) { $0.busy = true }
        await failing.receive(.keyExported(.failure(FeatureError(.unavailable("exportKey"))))) {
            $0.busy = false
            $0.error = FeatureError(.unavailable("exportKey"))
        }
        await failing.finish()
    }
}

@MainActor
@Suite("Feature: Settings, live")
struct SettingsLiveTests {
    @Test("live: a network added and chosen, and a key exported, through a real session on a temporary home")
    func live() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try Session.open(SessionChoice(home: home.path, environment: ["BIFROST_INSECURE_LIGHT_KDF": "1"]))
        _ = try await session.services.dispatcher.dispatch(ImportPrivateKey(name: "alice", key: Sample.ownerKeys[0], password: "pw"))
        let store = Store(initialState: Settings.State(), reducer: Settings.Reducer(dependencies: .live(session)))
        var snapshots = store.subscribe(\.snapshot).makeAsyncIterator()
        #expect(await snapshots.next() == .some(nil))
        store.send(.addNetworkTapped(name: "local", rpcURL: "http://127.0.0.1:8545", chainID: 31337))
        var snapshot = await snapshots.next() ?? nil
        while snapshot?.networks.isEmpty ?? true { snapshot = await snapshots.next() ?? nil }
        #expect(snapshot?.networks.map(\.name) == ["local"] && snapshot?.current == "local")
        #expect(snapshot?.keys.map(\.address) == [Sample.owners[0]])
        var exported = store.subscribe(\.exported).makeAsyncIterator()
        _ = await exported.next()
        store.send(.exportKeyTapped("alice", password: Redacted("pw")))
        let file = await exported.next() ?? nil
        #expect(file?.name == "alice")
        #expect(KeystoreV3.address(json: file?.json ?? []) == Sample.owners[0])
        await store.finishEffects()
    }
}
