import AppCore
import AppCoreTesting
import Foundation
import Testing

@MainActor
@Suite("Feature: Onboarding")
struct OnboardingFeatureTests {
    nonisolated static let phrase = "test test test test test test test test test test test junk".split(separator: " ").map(String.init)
    nonisolated static let alice = Account(name: "alice", address: Sample.owners[0], kind: .mnemonic, derivationPath: "m/44'/60'/0'/0/0", createdAt: Sample.time)

    nonisolated static func deps() -> Onboarding.Dependencies {
        var d = Onboarding.Dependencies.failing
        d.createKey = { _, _, _ in Onboarding.CreatedKey(account: alice, words: phrase) }
        d.pickWords = { count in count == 12 ? [2, 5, 11] : [] }
        return d
    }

    /// Creates alice's key: the phrase is let out for the first time.
    static func create(_ store: TestStore<Onboarding.State, Onboarding.Action>) async {
        store.send(.createKey(name: "alice", words: 12, password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.keyCreated(.success(Onboarding.CreatedKey(account: Self.alice, words: Self.phrase)))) {
            $0.busy = false
            $0.route = .showPhrase(Self.alice, words: Redacted(Self.phrase))
            $0.phrase = Redacted(Self.phrase)
            $0.phraseShowing = 1
        }
    }

    @Test("create a key: the phrase is shown once, three words are asked back, a wrong one is refused, the right ones finish")
    func createKey() async {
        let store = TestStore(initialState: Onboarding.State(), reducer: Onboarding.Reducer(dependencies: Self.deps()))
        store.send(.updateRoute(.createKey)) { $0.route = .createKey }
        await Self.create(store)
        store.send(.phraseWrittenDown) { $0.route = .confirmPhrase(Self.alice, asked: [2, 5, 11]) }
        store.send(.confirmPhrase(answers: ["test", "test", "test"])) {
            $0.error = FeatureError(.phraseMismatch(position: 12))
        }
        store.send(.confirmPhrase(answers: ["test", " TEST", "junk"])) {
            $0.error = nil
            $0.phrase = nil
            $0.route = .done
        }
        await store.receive(.delegate(.keyReady(Self.alice)))
        await store.finish()
    }

    @Test("the phrase is let out again only for the key's password: a wrong one is an error, the right one counts one more showing")
    func revealPhrase() async {
        var deps = Self.deps()
        deps.revealPhrase = { name, password in
            guard name == "alice", password == "pw" else { throw KeystoreFileError.wrongPassword }
            return Self.phrase
        }
        let store = TestStore(initialState: Onboarding.State(), reducer: Onboarding.Reducer(dependencies: deps))
        await Self.create(store)
        store.send(.revealPhrase(password: Redacted("guess"))) { $0.busy = true }
        await store.receive(.phraseRevealed(.failure(FeatureError(KeystoreFileError.wrongPassword)))) {
            $0.busy = false
            $0.error = FeatureError(KeystoreFileError.wrongPassword)
        }
        store.send(.revealPhrase(password: Redacted("pw"))) {
            $0.busy = true
            $0.error = nil
        }
        await store.receive(.phraseRevealed(.success(Redacted(Self.phrase)))) {
            $0.busy = false
            $0.phraseShowing = 2
        }
        await store.finish()
    }

    @Test("import, add a Safe and deploy one each end in done and tell the parent; a failure keeps its error")
    func importAddDeploy() async {
        var deps = Self.deps()
        deps.importKey = { _, _, _ in Self.alice }
        deps.addSafe = { _, _ in Sample.safe() }
        deps.deploySafe = { _, _, _, _ in Sample.safeAddress }
        let store = TestStore(initialState: Onboarding.State(), reducer: Onboarding.Reducer(dependencies: deps))
        store.send(.importKey(name: "alice", from: .phrase(Redacted(Self.phrase.joined(separator: " "))), password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.keyImported(.success(Self.alice))) {
            $0.busy = false
            $0.route = .done
        }
        await store.receive(.delegate(.keyReady(Self.alice)))
        store.send(.addSafe(Sample.safeAddress, name: "team")) { $0.busy = true }
        await store.receive(.safeAdded(.success(Sample.safe()))) { $0.busy = false }
        await store.receive(.delegate(.safeReady(Sample.safeAddress)))
        store.send(.deploySafe(keyName: "alice", owners: Sample.owners, threshold: 2, password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.deployed(.success(Sample.safeAddress))) { $0.busy = false }
        await store.receive(.delegate(.safeReady(Sample.safeAddress)))
        await store.finish()

        let failing = TestStore(initialState: Onboarding.State(), reducer: Onboarding.Reducer(dependencies: .failing))
        failing.send(.addSafe(Sample.safeAddress, name: nil)) { $0.busy = true }
        await failing.receive(.safeAdded(.failure(FeatureError(.unavailable("addSafe"))))) {
            $0.busy = false
            $0.error = FeatureError(.unavailable("addSafe"))
        }
        await failing.finish()
    }

    @Test("passwords and the phrase never show in a description or a dump of an action or the state")
    func redacted() {
        let action = Onboarding.Action.createKey(name: "alice", words: 12, password: Redacted("hunter2-secret"))
        var state = Onboarding.State()
        state.route = .showPhrase(Self.alice, words: Redacted(Self.phrase))
        var dumped = ""
        dump(state, to: &dumped)
        dump(action, to: &dumped)
        for text in [String(describing: action), String(reflecting: action), String(describing: state), dumped] {
            #expect(!text.contains("hunter2-secret") && !text.contains("junk"), "\(text)")
        }
        #expect(String(describing: action).contains("<redacted>"))
    }

    @Test("live: a created key's phrase derives its address, and importing that phrase in another home gives the same key")
    func live() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-onboarding-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = ["BIFROST_INSECURE_LIGHT_KDF": "1"]
        let first = Onboarding.Dependencies.live(try Session.open(SessionChoice(home: root.appendingPathComponent("a").path, environment: env)))
        let created = try await first.createKey("alice", 12, "pw")
        #expect(created.words.value.count == 12)
        let derived = try AccountDerivation().account(mnemonic: try Mnemonic(phrase: created.words.value.joined(separator: " ")), passphrase: "",
                                                      path: try DerivationPath.ethereum(index: 0))
        #expect(derived.address == created.account.address)
        let picked = first.pickWords(12)
        #expect(picked.count == 3 && Set(picked).count == 3 && picked.allSatisfy { (0..<12).contains($0) })

        let second = Onboarding.Dependencies.live(try Session.open(SessionChoice(home: root.appendingPathComponent("b").path, environment: env)))
        let imported = try await second.importKey("alice", .phrase(Redacted(created.words.value.joined(separator: " "))), "pw")
        #expect(imported.address == created.account.address && imported.kind == .mnemonic)
        await #expect(throws: (any Error).self) { try await second.importKey("bob", .privateKey(Redacted("0x12")), "pw") }
    }
}
