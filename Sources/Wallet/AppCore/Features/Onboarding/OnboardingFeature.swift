import BigInt

/// Getting started, when there is no key or no Safe: create a key (its phrase shown once, then
/// three of its words asked back), import one (phrase, private key or keystore file), add an
/// existing Safe, or deploy a new one.
public enum Onboarding {
    public enum Route: Equatable, Sendable {
        case start
        case createKey
        /// The new key's phrase, shown this once.
        case showPhrase(Account, words: Redacted<[String]>)
        /// Three words of the phrase asked back, by position (0-based), before the key counts as kept.
        case confirmPhrase(Account, asked: [Int])
        case importKey
        case addSafe
        case deploySafe
        case done
    }

    public struct State: Equatable, Sendable {
        public var route: Route = .start
        public var busy = false
        public var error: FeatureError?
        /// The phrase being confirmed; dropped once confirmed or left.
        public var phrase: Redacted<[String]>?
        /// Counts the times the phrase was let out: once when the key is created, and once more for
        /// each reveal the key's password allowed. A screen shows each of them once.
        public var phraseShowing = 0
        public init() {}
    }

    /// How a key is imported.
    public enum KeyImport: Equatable, Sendable {
        case phrase(Redacted<String>)
        case privateKey(Redacted<String>)
        case keystore(json: [UInt8], password: Redacted<String>)
    }

    public enum Action: Equatable, Sendable {
        case createKey(name: String, words: Int, password: Redacted<String>)
        case keyCreated(Result<CreatedKey, FeatureError>)
        case phraseWrittenDown
        /// Show the phrase once more, after the key's password.
        case revealPhrase(password: Redacted<String>)
        case phraseRevealed(Result<Redacted<[String]>, FeatureError>)
        case confirmPhrase(answers: [String])
        case importKey(name: String, from: KeyImport, password: Redacted<String>)
        case keyImported(Result<Account, FeatureError>)
        case addSafe(Address, name: String?)
        case safeAdded(Result<Safe, FeatureError>)
        case deploySafe(keyName: String, owners: [Address], threshold: BigUInt, password: Redacted<String>)
        case deployed(Result<Address, FeatureError>)
        case updateRoute(Route)
        case delegate(Delegate)
    }

    /// A key just created and its phrase.
    public struct CreatedKey: Equatable, Sendable {
        public let account: Account
        public let words: Redacted<[String]>
        public init(account: Account, words: [String]) {
            self.account = account
            self.words = Redacted(words)
        }
    }

    /// What the parent must know: there is a key now, or a Safe.
    public enum Delegate: Equatable, Sendable {
        case keyReady(Account)
        case safeReady(Address)
    }

    public struct Dependencies: Sendable {
        public var createKey: @Sendable (String, Int, String) async throws -> CreatedKey
        public var importKey: @Sendable (String, KeyImport, String) async throws -> Account
        public var addSafe: @Sendable (Address, String?) async throws -> Safe
        public var deploySafe: @Sendable (String, [Address], BigUInt, String) async throws -> Address
        /// Which three positions of a phrase of `count` words to ask back.
        public var pickWords: @Sendable (Int) -> [Int]
        /// The phrase of key `name`, read from the vault with its password.
        public var revealPhrase: @Sendable (String, String) async throws -> [String]

        public init(createKey: @escaping @Sendable (String, Int, String) async throws -> CreatedKey,
                    importKey: @escaping @Sendable (String, KeyImport, String) async throws -> Account,
                    addSafe: @escaping @Sendable (Address, String?) async throws -> Safe,
                    deploySafe: @escaping @Sendable (String, [Address], BigUInt, String) async throws -> Address,
                    pickWords: @escaping @Sendable (Int) -> [Int],
                    revealPhrase: @escaping @Sendable (String, String) async throws -> [String] = { _, _ in
                        throw FeatureProblem.unavailable("revealPhrase")
                    }) {
            self.createKey = createKey
            self.importKey = importKey
            self.addSafe = addSafe
            self.deploySafe = deploySafe
            self.pickWords = pickWords
            self.revealPhrase = revealPhrase
        }

        /// Wired to the session's key and Safe stores; positions are picked at random.
        public static func live(_ session: Session) -> Dependencies {
            let d = session.services.dispatcher, chain = session.chain
            return Dependencies(
                createKey: { name, words, password in
                    let created = try await d.dispatch(CreateKey(name: name, wordCount: words, passphrase: "", password: password))
                    return CreatedKey(account: created.account, words: created.mnemonic.words)
                },
                importKey: { name, from, password in
                    try await d.dispatch(CheckKeyName(name: name))
                    switch from {
                    case .phrase(let phrase):
                        let mnemonic = try Mnemonic(phrase: phrase.value)
                        return try await d.dispatch(ImportMnemonicKey(name: name, mnemonic: mnemonic, passphrase: "", index: 0, password: password))
                    case .privateKey(let hex):
                        return try await d.dispatch(ImportPrivateKey(name: name, key: try KeyStore.privateKey(text: hex.value), password: password))
                    case .keystore(let json, let keystorePassword):
                        let key = try await d.dispatch(UnlockKeystoreFile(json: json, password: .typed(keystorePassword.value)))
                        return try await d.dispatch(ImportPrivateKey(name: name, key: key, fromKeystore: true, password: password))
                    }
                },
                addSafe: { address, name in try await d.dispatch(AddSafe(address: address, name: name, chain: chain)).safe },
                deploySafe: { key, owners, threshold, password in
                    try await d.dispatch(DeploySafe(keyName: key, owners: owners, threshold: threshold,
                                                    saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)), name: nil, chain: chain,
                                                    wait: true, password: { password })).safe
                },
                pickWords: { count in Array(Array(0..<count).shuffled().prefix(3)).sorted() },
                revealPhrase: { name, password in try await d.dispatch(ShowMnemonic(name: name, password: password)).words })
        }

        /// Fails everything; asks back the first three words.
        public static let failing = Dependencies(createKey: { _, _, _ in throw FeatureProblem.unavailable("createKey") },
                                                 importKey: { _, _, _ in throw FeatureProblem.unavailable("importKey") },
                                                 addSafe: { _, _ in throw FeatureProblem.unavailable("addSafe") },
                                                 deploySafe: { _, _, _, _ in throw FeatureProblem.unavailable("deploySafe") },
                                                 pickWords: { _ in [0, 1, 2] })
    }

    public struct Reducer: AppCore.Reducer {
        let dependencies: Dependencies
        public init(dependencies: Dependencies) { self.dependencies = dependencies }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .createKey(let name, let words, let password):
                state.busy = true
                state.error = nil
                let create = dependencies.createKey
                return .run { send in await send(.keyCreated(await FeatureError.result { try await create(name, words, password.value) })) }
            case .keyCreated(let result):
                state.busy = false
                switch result {
                case .success(let created):
                    state.phrase = created.words
                    state.phraseShowing += 1
                    state.route = .showPhrase(created.account, words: created.words)
                case .failure(let error): state.error = error
                }
                return .none
            case .phraseWrittenDown:
                guard case .showPhrase(let account, let words) = state.route else { return .none }
                state.route = .confirmPhrase(account, asked: dependencies.pickWords(words.value.count))
                return .none
            case .revealPhrase(let password):
                guard case .showPhrase(let account, _) = state.route else { return .none }
                state.busy = true
                state.error = nil
                let reveal = dependencies.revealPhrase
                return .run { send in
                    await send(.phraseRevealed(await FeatureError.result { Redacted(try await reveal(account.name, password.value)) }))
                }
            case .phraseRevealed(let result):
                state.busy = false
                guard case .showPhrase(let account, _) = state.route else { return .none }
                switch result {
                case .success(let words):
                    state.phrase = words
                    state.phraseShowing += 1
                    state.route = .showPhrase(account, words: words)
                case .failure(let error): state.error = error
                }
                return .none
            case .confirmPhrase(let answers):
                guard case .confirmPhrase(let account, let asked) = state.route, let phrase = state.phrase?.value else { return .none }
                let wrong = zip(asked, answers + Array(repeating: "", count: max(0, asked.count - answers.count)))
                    .first { phrase[$0.0] != $0.1.trimmingCharacters(in: .whitespaces).lowercased() }
                if let (position, _) = wrong {
                    state.error = FeatureError(.phraseMismatch(position: position + 1))
                    return .none
                }
                state.phrase = nil
                state.error = nil
                state.route = .done
                return .send(.delegate(.keyReady(account)))
            case .importKey(let name, let from, let password):
                state.busy = true
                state.error = nil
                let importKey = dependencies.importKey
                return .run { send in await send(.keyImported(await FeatureError.result { try await importKey(name, from, password.value) })) }
            case .keyImported(let result):
                state.busy = false
                switch result {
                case .success(let account):
                    state.route = .done
                    return .send(.delegate(.keyReady(account)))
                case .failure(let error): state.error = error
                }
                return .none
            case .addSafe(let address, let name):
                state.busy = true
                state.error = nil
                let add = dependencies.addSafe
                return .run { send in await send(.safeAdded(await FeatureError.result { try await add(address, name) })) }
            case .safeAdded(let result):
                state.busy = false
                switch result {
                case .success(let safe):
                    state.route = .done
                    return .send(.delegate(.safeReady(safe.address)))
                case .failure(let error): state.error = error
                }
                return .none
            case .deploySafe(let keyName, let owners, let threshold, let password):
                state.busy = true
                state.error = nil
                let deploy = dependencies.deploySafe
                return .run { send in
                    await send(.deployed(await FeatureError.result { try await deploy(keyName, owners, threshold, password.value) }))
                }
            case .deployed(let result):
                state.busy = false
                switch result {
                case .success(let address):
                    state.route = .done
                    return .send(.delegate(.safeReady(address)))
                case .failure(let error): state.error = error
                }
                return .none
            case .updateRoute(let route):
                state.route = route
                state.error = nil
                if case .showPhrase = route {} else if case .confirmPhrase = route {} else { state.phrase = nil }
                return .none
            case .delegate:
                return .none
            }
        }
    }
}
