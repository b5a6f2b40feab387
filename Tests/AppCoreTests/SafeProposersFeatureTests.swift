import AppCore
import AppCoreTesting
import Foundation
import Testing

@MainActor
@Suite("Feature: SafeProposers")
struct SafeProposersFeatureTests {
    nonisolated static let service = SafeServiceEndpoint(url: URL(string: "http://127.0.0.1:8600")!, apiKey: nil)
    nonisolated static let bot = SafeDelegate(safe: Sample.safeAddress, delegate: Sample.recipient, delegator: Sample.owners[0], label: "payroll bot", expiry: nil)

    nonisolated static func listing(_ delegates: [SafeDelegate]) -> SafeDelegates {
        SafeDelegates(safe: Sample.safeAddress, owners: Sample.owners, service: service, delegates: delegates)
    }

    @Test("without a service nothing is asked; with one the proposers load")
    func load() async {
        let none = TestStore(initialState: SafeProposers.State(address: Sample.safeAddress, serviceHost: nil),
                             reducer: SafeProposers.Reducer(dependencies: SafeProposers.Dependencies(load: { _ in
                                 Issue.record("no service, no load")
                                 return Self.listing([])
                             })))
        none.send(.refresh)
        await none.finish()

        let store = TestStore(initialState: SafeProposers.State(address: Sample.safeAddress, serviceHost: "127.0.0.1"),
                              reducer: SafeProposers.Reducer(dependencies: .mock(Self.listing([Self.bot]))))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.listing([Self.bot])))) {
            $0.loading = false
            $0.listing = Self.listing([Self.bot])
        }
        await store.finish()
    }

    @Test("an owner adds a proposer with its key, the list reloads; a refused removal keeps the page with the error")
    func addAndRemove() async {
        let refusal = SafeDelegateError.noSuchDelegate(delegate: Sample.recipient, signer: Sample.owners[1], safe: Sample.safeAddress)
        let deps = SafeProposers.Dependencies(load: { _ in Self.listing([Self.bot]) }, add: { safe, a, key, password in
            #expect(safe == Sample.safeAddress && key == "alice" && password == "pw" && a.label == "payroll bot")
            return Self.bot
        }, remove: { _, _, _, _, _ in throw refusal })
        let store = TestStore(initialState: SafeProposers.State(address: Sample.safeAddress, serviceHost: "127.0.0.1"),
                              reducer: SafeProposers.Reducer(dependencies: deps))
        let addition = SafeProposers.Addition(delegate: Sample.recipient, label: "payroll bot", ownerWide: false, expiry: nil)
        store.send(.addTapped(addition, keyName: "alice", password: Redacted("pw")))
        await store.receive(.changed(.success(.added(Self.bot)))) { $0.changed = .added(Self.bot) }
        await store.receive(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(Self.listing([Self.bot])))) {
            $0.loading = false
            $0.listing = Self.listing([Self.bot])
        }
        store.send(.removeTapped(delegate: Sample.recipient, ownerWide: false, keyName: "bob", password: Redacted("pw"))) { $0.changed = nil }
        await store.receive(.changed(.failure(FeatureError(refusal)))) { $0.error = FeatureError(refusal) }
        await store.finish()
    }
}
