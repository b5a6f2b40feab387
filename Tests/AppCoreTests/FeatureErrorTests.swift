import AppCore
import AppCoreTesting
import Testing

/// A feature keeps an error as it was thrown, with its data, so that each front end can word it
/// for its own controls.
@MainActor
@Suite("Feature: errors keep their type")
struct FeatureErrorTests {
    /// Another error that describes itself in exactly the words of a `SafeError`.
    struct LookAlike: Error, CustomStringConvertible {
        let description: String
    }

    @Test("a failed add keeps the SafeError it threw, its address included, for the page to word")
    func reducerKeepsTypedError() async {
        let stranger = Sample.recipient
        let store = TestStore(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: .mock(safes: [Sample.safe()])))
        store.send(.addTapped(stranger, name: nil)) { $0.adding = true }
        await store.receive(.added(.failure(FeatureError(SafeError.unknownSafe(stranger))))) {
            $0.adding = false
            $0.error = FeatureError(SafeError.unknownSafe(stranger))
        }
        #expect(store.state.error?.underlying as? SafeError == .unknownSafe(stranger))
        await store.finish()
    }

    @Test("errors are equal by type and value: a look-alike with the same words is another error; a FeatureError is not wrapped twice")
    func equality() {
        let unknown = SafeError.unknownSafe(Sample.recipient)
        #expect(FeatureError(unknown) == FeatureError(unknown))
        #expect(FeatureError(unknown) != FeatureError(SafeError.unknownSafe(Sample.safeAddress)))
        #expect(FeatureError(unknown) != FeatureError(LookAlike(description: unknown.description)))
        #expect(FeatureError(LookAlike(description: "gone")) == FeatureError(LookAlike(description: "gone")))
        #expect(FeatureError(LookAlike(description: "gone")) != FeatureError(LookAlike(description: "here")))
        #expect(FeatureError(FeatureError(unknown)).underlying as? SafeError == unknown)
        #expect(FeatureError(unknown).description == unknown.description, "the description stays the error's own")
    }

    @Test("AppCore's own refusals are typed too: executing before the threshold carries the count and who is missing")
    func ownRefusalsAreTyped() async {
        let store = TestStore(initialState: SendFlow.State(safe: Sample.safeAddress), reducer: SendFlow.Reducer(dependencies: .failing))
        store.send(.updateRoute(.signed(Sample.entry, Sample.count(signed: 1)))) { $0.route = .signed(Sample.entry, Sample.count(signed: 1)) }
        store.send(.executeTapped(keyName: "bob", password: Redacted("pw"))) {
            $0.error = FeatureError(SafeError.notEnoughSignatures(have: 1, need: 2, missing: [Sample.owners[1]]))
        }
        guard case .notEnoughSignatures(let have, let need, let missing)? = store.state.error?.underlying as? SafeError else {
            Issue.record("not a SafeError.notEnoughSignatures: \(String(describing: store.state.error))")
            return
        }
        #expect(have == 1 && need == 2 && missing == [Sample.owners[1]])
        await store.finish()
    }
}
