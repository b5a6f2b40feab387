import AppCore
import Foundation

/// A Safe's proposers on the Transaction Service the dashboard meets at: each with its label (the
/// service's text), for this Safe or all of an owner's, by whom and until when; an owner adds one
/// or removes one with its key.
struct SafeProposersScreen: Screen {
    let path: String
    let section = Section.safes
    let reload: SafeProposers.Action? = .refresh

    /// The proposers of Safe `address`, read from the session's service.
    @MainActor
    static func page(id: String, address: Address, session: Session) -> FeaturePage<SafeProposersScreen> {
        let store = Store(initialState: SafeProposers.State(address: address, serviceHost: session.service?.host),
                          reducer: SafeProposers.Reducer(dependencies: .live(session)))
        store.send(.refresh)
        return FeaturePage(id: id, screen: SafeProposersScreen(path: "/safes/\(address.checksummed)/proposers"), store: store)
    }

    enum Form: String, PageForm {
        case add
        case remove

        func actions(_ form: FormData, _ state: SafeProposers.State) throws -> [SafeProposers.Action] {
            let chosen = try Parse.signer(form)
            switch self {
            case .add:
                let addition = SafeProposers.Addition(
                    delegate: try Parse.address(form["delegate"], field: "Proposer"), label: try Parse.required(form["label"], field: "Label"),
                    ownerWide: form["scope"] == "owner", expiry: try Self.expiry(form["expires"]))
                return [.addTapped(addition, keyName: chosen.key, password: chosen.password)]
            case .remove:
                return [.removeTapped(delegate: try Parse.address(form["delegate"], field: "Proposer"), ownerWide: form["scope"] == "owner",
                                      keyName: chosen.key, password: chosen.password)]
            }
        }

        /// A date field's `YYYY-MM-DD` as midnight UTC; empty is no expiry.
        static func expiry(_ text: String?) throws -> Date? {
            guard let text = Parse.optional(text) else { return nil }
            guard let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) else { throw FormError("Expires: '\(text)' is not a date.") }
            return date
        }
    }

    func title(_ state: SafeProposers.State) -> String { "Proposers" }

    func main(_ state: SafeProposers.State, _ context: RenderContext) -> HTML { Self.render(state, context) }

    static func render(_ state: SafeProposers.State, _ context: RenderContext) -> HTML {
        let back: HTML = "<p><a href=\"/safes/\(state.address.checksummed)\">← \(Format.short(state.address))</a></p>"
        let intro: HTML = "<p class=\"muted\">A proposer sends transactions to the Transaction Service for the owners to sign. It signs only to prove who sent them: never a confirmation.</p>"
        guard let host = state.serviceHost else {
            return """
            <h1>Proposers</h1>\(back)\(intro)<section id="proposers"><p class="notice" id="no-service">No Transaction Service is set, so there \
            are no proposers to list: start the dashboard with --service-url URL.</p></section>
            """
        }
        let changed: HTML = switch state.changed {
        case .added(let d)?: "<p class=\"notice success\" id=\"proposer-changed\">Added \(Format.short(d.delegate)) (\(d.label)).</p>"
        case .removed(let d)?: "<p class=\"notice success\" id=\"proposer-changed\">Removed \(Format.short(d.delegate)) (\(d.label)).</p>"
        case nil: .empty
        }
        let loading: HTML = state.loading && state.listing == nil ? "<p class=\"muted\">Reading the proposers from \(host)…</p>" : .empty
        return """
        <h1>Proposers</h1>\(back)\(intro)<p class="muted">Transaction Service: \(host)</p>\(Format.error(state.error))\(changed)\(loading)\
        \(state.listing.map { list($0, context) } ?? .empty)
        """
    }

    static func list(_ listing: SafeDelegates, _ context: RenderContext) -> HTML {
        let owners = context.keys.filter { listing.owners.contains($0.address) }
        let rows = HTML.join(listing.delegates.map { d -> HTML in
            let scope = d.isOwnerWide ? "every Safe of its owner" : "this Safe"
            let until: HTML = d.expiry.map { "\($0.formatted(.iso8601))" } ?? "no expiry"
            let mine = context.keys.filter { $0.address == d.delegator || $0.address == d.delegate }
            let remove: HTML = mine.isEmpty ? .empty : context.form(Form.remove, class: "inline", """
                <input type="hidden" name="delegate" value="\(d.delegate.checksummed)">\
                <input type="hidden" name="scope" value="\(d.isOwnerWide ? "owner" : "safe")">\(Format.keyFields(mine))\
                <button type="submit" class="secondary">Remove</button>
                """)
            return """
            <tr data-delegate="\(d.delegate.checksummed)"><td>\(context.address(d.delegate))</td><td class="label">\(d.label)</td>\
            <td>\(scope)</td><td>\(context.address(d.delegator))</td><td>\(until)</td><td>\(remove)</td></tr>
            """
        })
        let table: HTML = listing.delegates.isEmpty ? "<p class=\"muted\" id=\"no-proposers\">No proposers.</p>" : """
            <table><thead><tr><th>Proposer</th><th>Label</th><th>For</th><th>Given by</th><th>Until</th><th></th></tr></thead><tbody>\(rows)</tbody></table>
            """
        let add: HTML = owners.isEmpty ? "<p class=\"muted\" id=\"no-owner-key\">Import an owner's key to add a proposer.</p>" : context.form(Form.add, """
            <label>Proposer<input name="delegate" placeholder="0x…" required></label>\
            <label>Label<input name="label" required></label>\
            <label>For<select name="scope"><option value="safe">This Safe</option><option value="owner">Every Safe of the owner</option></select></label>\
            <label>Expires (optional)<input type="date" name="expires"></label>\(Format.keyFields(owners))\
            <div class="actions"><button type="submit">Add proposer</button></div>
            """)
        return "<section id=\"proposers\">\(table)<h2>Add a proposer</h2>\(add)</section>"
    }
}
