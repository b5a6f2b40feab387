import AppCore
import BigInt

/// Settings: the networks (add one, choose the current one) and the vault's keys (list them,
/// export one as a keystore file).
struct SettingsScreen: Screen {
    let path = "/settings"
    let section = Section.settings
    let reload: Settings.Action? = .refresh

    /// The page, its settings loading.
    @MainActor
    static func page(id: String, session: Session) -> FeaturePage<SettingsScreen> {
        let store = Store(initialState: Settings.State(), reducer: Settings.Reducer(dependencies: .live(session)))
        store.send(.refresh)
        return FeaturePage(id: id, screen: SettingsScreen(), store: store)
    }

    enum Form: String, PageForm {
        case addNetwork = "add-network"
        case useNetwork = "use-network"
        case exportKey = "export-key"

        func actions(_ form: FormData, _ state: Settings.State) throws -> [Settings.Action] {
            switch self {
            case .addNetwork:
                let chainID = try Parse.optional(form["chain_id"]).map { try Parse.number($0, field: "Chain ID") }
                return [.addNetworkTapped(name: try Parse.required(form["name"], field: "Name"), rpcURL: try Parse.required(form["rpc_url"], field: "RPC URL"),
                                          chainID: chainID)]
            case .useNetwork: return [.useNetworkTapped(try Parse.required(form["name"], field: "Network"))]
            case .exportKey: return [.exportKeyTapped(try Parse.required(form["key"], field: "Key"), password: try Parse.password(form["password"]))]
            }
        }
    }

    /// The files the page offers, by the last segment of their link.
    enum File: String {
        case keystore
    }

    func title(_ state: Settings.State) -> String { "Settings" }

    func main(_ state: Settings.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    func download(_ name: String, _ state: Settings.State) -> Download? {
        guard File(rawValue: name) == .keystore, let file = state.exported else { return nil }
        return Download(filename: "\(file.name).keystore.json", contentType: "application/json", bytes: file.json)
    }

    static func render(_ state: Settings.State, _ context: RenderContext) -> HTML {
        guard let snapshot = state.snapshot else { return "<h1>Settings</h1>\(Format.error(state.error))<p class=\"muted\">Loading…</p>" }
        let networks = HTML.join(snapshot.networks.map { n in
            let current = n.name == snapshot.current
            let use: HTML = current ? "<span class=\"pill\">current</span>"
                : context.form(Form.useNetwork, class: "inline", "<input type=\"hidden\" name=\"name\" value=\"\(value: n.name)\"><button type=\"submit\" class=\"secondary\">Use</button>")
            return "<tr><td>\(n.name)</td><td>\(n.chainID)</td><td><code>\(CredentialMask.url(n.rpcURL))</code></td><td>\(use)</td></tr>"
        })
        let keys = HTML.join(snapshot.keys.map { key in
            "<tr><td>\(key.name)\(notices(of: key.name, snapshot.keyNotices))</td><td>\(Format.address(key.address, copy: true))</td></tr>"
        })
        let options = HTML.join(snapshot.keys.map { "<option value=\"\(value: $0.name)\">\($0.name)</option>" })
        let exported: HTML = state.exported.map { file in
            "<p><a class=\"button secondary\" id=\"download\" href=\"\(context.download(File.keystore))\" download>Download \(file.name).keystore.json</a></p>"
        } ?? .empty
        return """
        <h1>Settings</h1>\(Format.error(state.error))
        <section id="networks"><h2>Networks</h2>\(networkList(networks, empty: snapshot.networks.isEmpty))<h2>Add a network</h2>\(context.form(Form.addNetwork, """
            <label>Name<input name="name" required></label><label>RPC URL<input name="rpc_url" required placeholder="http://127.0.0.1:8545"></label>\
            <label>Chain ID (optional: read from the node)<input name="chain_id" inputmode="numeric"></label>\
            <div class="actions"><button type="submit">Add network</button></div>
            """))</section>
        <section id="keys"><h2>Keys</h2>\(keyList(keys, empty: snapshot.keys.isEmpty))\
        <h2>Export a keystore file</h2>\(context.form(Form.exportKey, """
            <label>Key<select name="key">\(options)</select></label>\
            <label>Password<input type="password" name="password" autocomplete="off" required></label>\
            <div class="actions"><button type="submit">Export</button></div>
            """))\(exported)</section>
        """
    }

    /// The networks' table, or what to add first.
    static func networkList(_ rows: HTML, empty: Bool) -> HTML {
        empty ? "<p class=\"first-run\" id=\"no-networks\">No network yet. Add the node you read the chain through below: its RPC URL, e.g. <code>http://127.0.0.1:8545</code> for a local chain.</p>"
            : "<table><thead><tr><th>Name</th><th>Chain</th><th>RPC URL</th><th></th></tr></thead><tbody>\(rows)</tbody></table>"
    }

    /// The keys' table, or where to make the first one.
    static func keyList(_ rows: HTML, empty: Bool) -> HTML {
        empty ? "<p class=\"first-run\" id=\"no-keys\">No keys yet. <a href=\"/onboarding\">Create or import a key first</a>: it signs for your Safes.</p>"
            : "<table><thead><tr><th>Name</th><th>Address</th></tr></thead><tbody>\(rows)</tbody></table>"
    }

    /// The notices of key `name`, worded for this page: a key that opens only under a legacy form
    /// of its password is re-encrypted from the command line.
    static func notices(of name: String, _ notices: [KeyNotice]) -> HTML {
        HTML.join(notices.compactMap { notice in
            guard case .legacyPassword(name, let ending) = notice else { return nil }
            return """
                <p class="warning" role="status">Opens only under its password with \(words(ending)) after it, as an older Bifrost stored it. \
                Run <code>bifrost key re-encrypt --name \(name)</code> with the same password to store it under the password as read now.</p>
                """
        })
    }

    private static func words(_ ending: LegacyLineEnding) -> String {
        switch ending {
        case .crlf: return "a line ending \\r\\n"
        case .cr: return "a carriage return \\r"
        case .lf: return "a line feed \\n"
        }
    }
}
