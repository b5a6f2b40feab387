import AppCore

/// The Safe list: each followed Safe's name, address, chain, ether balance with its fiat value and
/// pending count, and a form to add one by address.
struct SafeListScreen: Screen {
    let path = "/"
    let section = Section.safes
    /// The observation of the followed Safes lasts as long as the page.
    let lasting = 1

    /// The page, observing the followed Safes.
    @MainActor
    static func page(id: String, session: Session) -> FeaturePage<SafeListScreen> {
        let store = Store(initialState: SafeList.State(), reducer: SafeList.Reducer(dependencies: .live(session)))
        store.send(.task)
        return FeaturePage(id: id, screen: SafeListScreen(), store: store)
    }

    enum Form: String, PageForm {
        case add

        func actions(_ form: FormData, _ state: SafeList.State) throws -> [SafeList.Action] {
            switch self {
            case .add: return [.addTapped(try Parse.address(form["address"], field: "Safe address"), name: Parse.optional(form["name"]))]
            }
        }
    }

    func title(_ state: SafeList.State) -> String { "Safes" }

    func main(_ state: SafeList.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    func ready(_ state: SafeList.State) -> Bool { state.loaded }

    /// The steps to a first Safe, the ones done struck through: a key (the list opens only once
    /// there is one), a network, then a Safe added by address or deployed.
    static func firstRun(_ context: RenderContext) -> HTML {
        let network: HTML = context.hasNetwork ? "<li class=\"done\">Add a network</li>"
            : "<li><a href=\"/settings#networks\">Add a network</a>: the node Bifrost reads the chain through</li>"
        return """
            <div class="first-run" id="first-run"><strong>No Safes yet.</strong> To get started:<ol>\
            <li class="done">Create or import a key</li>\(network)\
            <li>Add a Safe you own by its address below, or <a href="/onboarding">deploy a new one</a></li></ol></div>
            """
    }

    static func render(_ state: SafeList.State, _ context: RenderContext) -> HTML {
        let rows = HTML.join(state.safes.map { safe in
            let summary = state.summaries[safe.address]
            let balance: HTML = summary.map { "\(Format.ether($0.balance))<br><span class=\"muted\">\(Format.fiat($0.fiat, context.fiat))</span>" }
                ?? "<span class=\"muted\">…</span>"
            let pending: HTML = summary.map { "\($0.pending)" } ?? "<span class=\"muted\">…</span>"
            return """
            <tr data-safe="\(safe.address.checksummed)"><td><a href="/safes/\(safe.address.checksummed)">\(safe.name ?? "Unnamed Safe")</a></td>\
            <td>\(Format.address(safe.address))</td><td>\(safe.chainID)</td><td>\(balance)</td><td class="pending">\(pending)</td></tr>
            """
        })
        let list: HTML = state.safes.isEmpty
            ? firstRun(context)
            : "<table><thead><tr><th>Name</th><th>Address</th><th>Chain</th><th>Balance</th><th>Pending</th></tr></thead><tbody>\(rows)</tbody></table>"
        let add = context.form(Form.add, """
            <label>Safe address<input name="address" required placeholder="0x…" autocomplete="off"></label>\
            <label>Name (optional)<input name="name" autocomplete="off"></label>\
            <div class="actions"><button type="submit">\(state.adding ? "Adding…" : "Add Safe")</button>\
            <a class="button secondary" href="/onboarding">Deploy a new Safe</a></div>
            """)
        return """
        <h1>Safes</h1>\(Format.error(state.error))<section>\(list)</section><section><h2>Add a Safe</h2>\(add)</section>
        """
    }
}
