import AppCore
import BigInt
import AppCoreTesting
import Foundation
import Networking
import NetworkingTesting
import Testing

@MainActor
@Suite("Feature: SafeList")
struct SafeListFeatureTests {
    @Test("task observes storage: every list the observation delivers lands in state")
    func observes() async {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Safe].self, throwing: (any Error).self)
        let deps = SafeList.Dependencies(observeSafes: { stream }, addSafe: { _, _ in Sample.safe() })
        let store = TestStore(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: deps))
        store.send(.task)
        continuation.yield([])
        await store.receive(.safesChanged([])) { $0.loaded = true }
        continuation.yield([Sample.safe()])
        await store.receive(.safesChanged([Sample.safe()])) { $0.safes = [Sample.safe()] }
        await store.receive(.summariesLoaded([:]))
        store.send(.stop)
        await store.finish()
    }

    @Test("each Safe's balance, fiat value and pending count land by address; a Safe that leaves the list loses its summary")
    func summaries() async {
        let summary = SafeList.Summary(balance: EtherAmount(wei: 10), fiat: "1.00", pending: 2)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Safe].self, throwing: (any Error).self)
        let deps = SafeList.Dependencies(observeSafes: { stream }, addSafe: { _, _ in Sample.safe() },
                                         summarize: { safes in Dictionary(uniqueKeysWithValues: safes.map { ($0.address, summary) }) })
        let store = TestStore(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: deps))
        store.send(.task)
        continuation.yield([Sample.safe()])
        await store.receive(.safesChanged([Sample.safe()])) {
            $0.safes = [Sample.safe()]
            $0.loaded = true
        }
        await store.receive(.summariesLoaded([Sample.safeAddress: summary])) { $0.summaries = [Sample.safeAddress: summary] }
        continuation.yield([])
        await store.receive(.safesChanged([])) {
            $0.safes = []
            $0.summaries = [:]
        }
        store.send(.stop)
        await store.finish()
    }

    @Test("an observation that fails reports observationFailed and keeps the last list; it is not a failed add")
    func observationFails() async {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Safe].self, throwing: (any Error).self)
        let deps = SafeList.Dependencies(observeSafes: { stream }, addSafe: { _, _ in Sample.safe() })
        let store = TestStore(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: deps))
        store.send(.task)
        continuation.yield([Sample.safe()])
        await store.receive(.safesChanged([Sample.safe()])) {
            $0.safes = [Sample.safe()]
            $0.loaded = true
        }
        await store.receive(.summariesLoaded([:]))
        continuation.finish(throwing: FeatureProblem.unavailable("the database"))
        await store.receive(.observationFailed(FeatureError(.unavailable("the database")))) { $0.error = FeatureError(.unavailable("the database")) }
        #expect(store.state.safes == [Sample.safe()] && !store.state.adding)
        await store.finish()
    }

    @Test("adding a Safe: busy, then done; the list itself comes from the observation")
    func add() async {
        let store = TestStore(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: .mock(safes: [Sample.safe()])))
        store.send(.addTapped(Sample.safeAddress, name: "team")) { $0.adding = true }
        await store.receive(.added(.success(Sample.safe()))) { $0.adding = false }
        await store.finish()
    }

    @Test("a failing add keeps its one-line error in state")
    func addFails() async {
        let store = TestStore(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: .failing))
        store.send(.addTapped(Sample.safeAddress, name: nil)) { $0.adding = true }
        await store.receive(.added(.failure(FeatureError(.unavailable("addSafe"))))) {
            $0.adding = false
            $0.error = FeatureError(.unavailable("addSafe"))
        }
        await store.finish()
    }

    @Test("live: a Safe added through another session on the same home appears without any refresh action")
    func liveObservation() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-appcore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try Session.open(SessionChoice(home: home.path, environment: [:]))
        let store = Store(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: .live(session)))
        var names = store.subscribe(\.safes.count).makeAsyncIterator()
        store.send(.task)
        #expect(await names.next() == 0)
        // Another session, as another process would open: its own database connection, and a node serving the Safe.
        let node = MockNetwork()
        node.serve(MockSafeNode(chainID: 31337, owners: Sample.owners, threshold: 2))
        let other = try Session.open(SessionChoice(home: home.path, environment: [:]), http: node)
        _ = try await other.services.dispatcher.dispatch(AddSafe(address: Sample.safeAddress, name: "team",
                                                                 chain: ChainSelection(rpcURL: "http://127.0.0.1:8545")))
        #expect(await names.next() == 1)
        #expect(store.state.safes.map(\.address) == [Sample.safeAddress])
        #expect(store.state.safes.first?.owners == Sample.owners)
        store.send(.stop)
        await store.finishEffects()
    }
}

@MainActor
@Suite("Feature: SafeDetail")
struct SafeDetailFeatureTests {
    @Test("refresh loads owners, balances, queue and history; the fiat balance comes from the cached rate")
    func refresh() async {
        let store = TestStore(initialState: SafeDetail.State(address: Sample.safeAddress),
                              reducer: SafeDetail.Reducer(dependencies: .mock(Sample.snapshot)))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Sample.snapshot))) {
            $0.loading = false
            $0.snapshot = Sample.snapshot
        }
        #expect(store.state.snapshot?.fiatBalance == "4500")
        await store.finish()
    }

    @Test("two ready transactions in a row: the load reads the keys' balances for the batch picker; the batch executes them in nonce order and reloads")
    func batchExecute() async throws {
        func signed(_ nonce: BigUInt) throws -> SafeTransactionEntry {
            let tx = SafeTx(safe: Sample.safeAddress, chainID: 31337, version: .v1_4_1, to: Sample.recipient, value: 1, nonce: nonce)
            let hash = try tx.hash()
            return SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: try Sample.ownerKeys.map { try SafeSignature.sign(safeTxHash: hash, with: $0) },
                                        status: .queued, executionHash: nil, summary: "pay", createdAt: Sample.time, updatedAt: Sample.time)
        }
        let first = try signed(0), second = try signed(1)
        var snapshot = Sample.snapshot
        snapshot.queue = [second, first]
        #expect(snapshot.order.batch == [first, second])
        let balances = [Sample.owners[0]: EtherAmount(wei: 7)]
        let result = SafeBatchExecutionResult(entries: [first, second], transaction: Sample.stored, success: true)
        var deps = SafeDetail.Dependencies.mock(snapshot)
        deps.keyBalances = { balances }
        deps.executeBatch = { hashes, key, _ in
            #expect(hashes == [first.safeTxHash, second.safeTxHash] && key == "alice")
            return result
        }
        let store = TestStore(initialState: SafeDetail.State(address: Sample.safeAddress), reducer: SafeDetail.Reducer(dependencies: deps))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(snapshot))) {
            $0.loading = false
            $0.snapshot = snapshot
        }
        await store.receive(.balancesLoaded(.success(balances))) { $0.keyBalances = balances }
        store.send(.executeBatchTapped(keyName: "alice", password: Redacted("pw"))) { $0.executingBatch = true }
        await store.receive(.batchExecuted(.success(result))) {
            $0.executingBatch = false
            $0.batchExecuted = result
        }
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(snapshot))) { $0.loading = false }
        await store.receive(.balancesLoaded(.success(balances)))
        await store.finish()
    }

    @Test("importing a file shows what it added and reloads the Safe; a failed import keeps its error")
    func importFile() async {
        let result = SafeImportResult(entry: Sample.entry, added: [Sample.owners[1]], count: Sample.count(signed: 2), setAside: [])
        let deps = SafeDetail.Dependencies(load: { _ in Sample.snapshot }, importFile: { json in
            guard json == "{\"file\":1}" else { throw SafeError.importRejected("not a Safe transaction file") }
            return result
        })
        let store = TestStore(initialState: SafeDetail.State(address: Sample.safeAddress), reducer: SafeDetail.Reducer(dependencies: deps))
        store.send(.importTapped("{\"file\":1}")) { $0.importing = true }
        await store.receive(.imported(.success(result))) {
            $0.importing = false
            $0.imported = result
        }
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Sample.snapshot))) {
            $0.loading = false
            $0.snapshot = Sample.snapshot
        }
        store.send(.importTapped("[]")) {
            $0.importing = true
            $0.imported = nil
        }
        await store.receive(.imported(.failure(FeatureError(SafeError.importRejected("not a Safe transaction file"))))) {
            $0.importing = false
            $0.error = FeatureError(SafeError.importRejected("not a Safe transaction file"))
        }
        await store.finish()
    }

    @Test("hiding a token asks for the Safe's chain and reloads; without a loaded Safe nothing happens; a failure keeps its error")
    func hideToken() async {
        let token = Sample.recipient
        let hiddenToken = Token(chainID: 31337, address: token, name: "T", symbol: "T", decimals: 18, whitelisted: false, addedAt: Sample.time)
        let deps = SafeDetail.Dependencies(load: { _ in Sample.snapshot }, setTokenHidden: { chainID, address, hidden in
            guard chainID == 31337, address == token else { throw ChainError.unknownToken(token) }
            return Token(chainID: chainID, address: address, name: "T", symbol: "T", decimals: 18, whitelisted: !hidden, addedAt: Sample.time)
        })
        let empty = TestStore(initialState: SafeDetail.State(address: Sample.safeAddress), reducer: SafeDetail.Reducer(dependencies: deps))
        empty.send(.tokenHiddenTapped(token, hidden: true))
        await empty.finish()

        var initial = SafeDetail.State(address: Sample.safeAddress)
        initial.snapshot = Sample.snapshot
        let store = TestStore(initialState: initial, reducer: SafeDetail.Reducer(dependencies: deps))
        store.send(.tokenHiddenTapped(token, hidden: true))
        await store.receive(.tokenHiddenChanged(.success(hiddenToken)))
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Sample.snapshot))) { $0.loading = false }
        store.send(.tokenHiddenTapped(Sample.safeAddress, hidden: false))
        await store.receive(.tokenHiddenChanged(.failure(FeatureError(ChainError.unknownToken(token))))) { $0.error = FeatureError(ChainError.unknownToken(token)) }
        await store.finish()
    }

    @Test("a failed load is kept as an error, and the next refresh clears it")
    func failure() async {
        let store = TestStore(initialState: SafeDetail.State(address: Sample.safeAddress), reducer: SafeDetail.Reducer(dependencies: .failing))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.failure(FeatureError(.unavailable("load"))))) {
            $0.loading = false
            $0.error = FeatureError(.unavailable("load"))
        }
        store.send(.refresh) {
            $0.loading = true
            $0.error = nil
        }
        await store.receive(.loaded(.failure(FeatureError(.unavailable("load"))))) {
            $0.loading = false
            $0.error = FeatureError(.unavailable("load"))
        }
        await store.finish()
    }
}
