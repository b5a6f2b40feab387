import AppCore
import BigInt

/// Getting started: create a key (its phrase shown once, then three words asked back), import one
/// (phrase, private key or keystore file), add an existing Safe, or deploy a new one.
struct OnboardingScreen: Screen {
    let path = "/onboarding"
    let section = Section.onboarding

    /// The page, at its start.
    @MainActor
    static func page(id: String, session: Session) -> FeaturePage<OnboardingScreen> {
        let store = Store(initialState: Onboarding.State(), reducer: Onboarding.Reducer(dependencies: .live(session)))
        return FeaturePage(id: id, screen: OnboardingScreen(), store: store)
    }

    func title(_ state: Onboarding.State) -> String { "Get started" }

    func main(_ state: Onboarding.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    func leave(_ state: Onboarding.State) -> String? { state.route == .done ? "/" : nil }

    func secret(_ state: Onboarding.State) -> Int? {
        if case .showPhrase = state.route { return state.phraseShowing }
        return nil
    }

    func sealed(_ state: Onboarding.State, _ context: RenderContext) -> HTML { Self.sealedPhrase(state, context) }

    /// The phrase page once its phrase was shown: seeing it again takes the key's password.
    static func sealedPhrase(_ state: Onboarding.State, _ context: RenderContext) -> HTML {
        guard case .showPhrase(let account, _) = state.route else { return render(state, context) }
        return """
        <h1>Get started</h1>\(Format.error(state.error))<section id="phrase-sealed"><h2>The recovery phrase of \(account.name)</h2>\
        <p class="notice">It was shown once. To see it again, enter the key's password.</p>\
        \(context.form(Form.reveal, """
            <label>Password<input type="password" name="password" required autocomplete="current-password"></label>\
            <div class="actions"><button type="submit">Show the phrase again</button></div>
            """))\
        \(context.form(Form.written, "<div class=\"actions\"><button type=\"submit\" class=\"secondary\">I wrote it down</button></div>"))</section>
        """
    }

    enum Form: String, PageForm {
        /// Goes to a step of getting started (`Step`).
        case go
        case create
        case written
        case reveal
        case confirm
        case `import`
        case addSafe = "add-safe"
        case deploy

        func actions(_ form: FormData, _ state: Onboarding.State) throws -> [Onboarding.Action] {
            switch self {
            case .go:
                guard let step = form["to"].flatMap(Step.init(rawValue:)) else { throw FormError("Unknown step.") }
                return [.updateRoute(step.route)]
            case .create:
                return [.createKey(name: try Parse.required(form["name"], field: "Key name"), words: form["words"] == "24" ? 24 : 12,
                                   password: try Parse.password(form["password"]))]
            case .written: return [.phraseWrittenDown]
            case .reveal: return [.revealPhrase(password: try Parse.password(form["password"]))]
            case .confirm: return [.confirmPhrase(answers: form.all("word"))]
            case .import:
                let source: Onboarding.KeyImport
                switch form["kind"] {
                case "phrase": source = .phrase(Redacted(try Parse.required(form["phrase"], field: "Recovery phrase")))
                case "private-key": source = .privateKey(Redacted(try Parse.required(form["private_key"], field: "Private key")))
                case "keystore":
                    source = .keystore(json: Array(try Parse.required(form["keystore"], field: "Keystore file").utf8),
                                       password: Redacted(form["keystore_password"] ?? ""))
                default: throw FormError("Choose what to import.")
                }
                return [.importKey(name: try Parse.required(form["name"], field: "Key name"), from: source, password: try Parse.password(form["password"]))]
            case .addSafe: return [.addSafe(try Parse.address(form["address"], field: "Safe address"), name: Parse.optional(form["name"]))]
            case .deploy:
                return [.deploySafe(keyName: try Parse.required(form["key"], field: "Key"), owners: try Parse.addresses(form["owners"], field: "Owners"),
                                    threshold: try Parse.number(form["threshold"], field: "Threshold"), password: try Parse.password(form["password"]))]
            }
        }
    }

    /// The steps the `go` buttons lead to, by the value they post.
    enum Step: String {
        case start
        case create
        case `import`
        case add
        case deploy

        var route: Onboarding.Route {
            switch self {
            case .start: .start
            case .create: .createKey
            case .import: .importKey
            case .add: .addSafe
            case .deploy: .deploySafe
            }
        }
    }

    static func render(_ state: Onboarding.State, _ context: RenderContext) -> HTML {
        let body: HTML
        switch state.route {
        case .start, .done: body = start(context)
        case .createKey: body = createKey(context)
        case .showPhrase(let account, let words):
            let list = HTML.join(words.value.enumerated().map { "<span>\($0.offset + 1). \($0.element)</span>" })
            body = """
            <section><h2>Write down the recovery phrase of \(account.name)</h2><p class="notice">It is shown this once. Anyone with it owns \
            the key; Bifrost cannot show it again.</p><div class="phrase" id="phrase">\(list)</div>\
            \(context.form(Form.written, "<div class=\"actions\"><button type=\"submit\">I wrote it down</button></div>"))</section>
            """
        case .confirmPhrase(let account, let asked):
            let fields = HTML.join(asked.map { "<label>Word \($0 + 1)<input name=\"word\" required autocomplete=\"off\"></label>" })
            body = """
            <section><h2>Check the phrase of \(account.name)</h2><p>Type these words from the phrase you wrote down.</p>\
            \(context.form(Form.confirm, "\(fields)<div class=\"actions\"><button type=\"submit\">Confirm</button></div>"))</section>
            """
        case .importKey: body = importKey(context)
        case .addSafe:
            body = "<section><h2>Add an existing Safe</h2>\(context.form(Form.addSafe, """
                <label>Safe address<input name="address" required autocomplete="off"></label><label>Name (optional)<input name="name"></label>\
                <div class="actions"><button type="submit">Add Safe</button></div>
                """))</section>"
        case .deploySafe: body = deploySafe(context)
        }
        return "<h1>Get started</h1>\(Format.error(state.error))\(body)"
    }

    static func go(_ to: Step, _ label: String, _ context: RenderContext, primary: Bool = false) -> HTML {
        context.form(Form.go, class: "inline", """
            <input type="hidden" name="to" value="\(to.rawValue)"><button type="submit" class="\(primary ? "" : "secondary")">\(label)</button>
            """)
    }

    static func start(_ context: RenderContext) -> HTML {
        """
        <section><h2>Keys</h2><p>An owner key signs for your Safes. Create one, or bring one you have.</p>\
        <div class="actions">\(go(.create, "Create a key", context, primary: true))\(go(.import, "Import a key", context))</div></section>\
        <section><h2>Safes</h2><p>Follow a Safe you own, or deploy a new one with its owners and threshold.</p>\
        <div class="actions">\(go(.add, "Add an existing Safe", context))\(go(.deploy, "Deploy a new Safe", context))</div></section>
        """
    }

    static func createKey(_ context: RenderContext) -> HTML {
        "<section><h2>Create a key</h2>\(context.form(Form.create, """
            <label>Name<input name="name" required autocomplete="off"></label>\
            <label>Words<select name="words"><option value="12">12</option><option value="24">24</option></select></label>\
            <label>Password (encrypts the key on this machine)<input type="password" name="password" required autocomplete="new-password"></label>\
            <div class="actions"><button type="submit">Create</button></div>
            """))\(go(.start, "Back", context))</section>"
    }

    static func importKey(_ context: RenderContext) -> HTML {
        "<section><h2>Import a key</h2>\(context.form(Form.import, """
            <label>Name<input name="name" required autocomplete="off"></label>\
            <label>What you have<select name="kind" data-switch="import-kind"><option value="phrase">Recovery phrase</option>\
            <option value="private-key">Private key</option><option value="keystore">Keystore file</option></select></label>\
            <div data-case-of="import-kind" data-case="phrase"><label>Recovery phrase<textarea name="phrase" autocomplete="off"></textarea></label></div>\
            <div data-case-of="import-kind" data-case="private-key"><label>Private key (hex)<input type="password" name="private_key" autocomplete="off"></label></div>\
            <div data-case-of="import-kind" data-case="keystore"><label>Keystore file<input type="file" accept=".json" data-into="keystore-text"></label>\
            <textarea id="keystore-text" name="keystore" hidden></textarea>\
            <label>Keystore password<input type="password" name="keystore_password" autocomplete="off"></label></div>\
            <label>New password (encrypts the key on this machine)<input type="password" name="password" required autocomplete="new-password"></label>\
            <div class="actions"><button type="submit">Import</button></div>
            """))\(go(.start, "Back", context))</section>"
    }

    static func deploySafe(_ context: RenderContext) -> HTML {
        let options = HTML.join(context.keys.map { "<option value=\"\(value: $0.name)\">\($0.name) · \(Format.short($0.address))</option>" })
        return "<section><h2>Deploy a new Safe</h2>\(context.form(Form.deploy, """
            <label>Owners (addresses, one per line or separated by commas)<textarea name="owners" required></textarea></label>\
            <label>Threshold (signatures needed)<input name="threshold" required inputmode="numeric" value="1"></label>\
            <label>Key that pays for the deployment<select name="key">\(options)</select></label>\
            <label>Password<input type="password" name="password" required autocomplete="off"></label>\
            <div class="actions"><button type="submit">Deploy</button></div>
            """))\(go(.start, "Back", context))</section>"
    }
}
