import AppCore

extension ComposeFields {
    /// A setup change: which one, and the module, guard or handler it names; the Safe's modules
    /// are offered by name for a module to disable.
    func setupFields(_ d: SafeIntentDraft) -> HTML {
        let options = HTML.join(SafeIntentDraft.SetupChange.allCases.map { change in
            "<option value=\"\(change.rawValue)\"\(change == d.setupChange ? " selected" : "")>\(change.title)</option>"
        })
        let modules = context?.safe.modules ?? []
        let list: HTML = modules.isEmpty ? .empty : """
            <datalist id="safe-modules">\(HTML.join(modules.map { "<option value=\"\($0.checksummed)\">enabled module</option>" }))</datalist>
            """
        return """
            <label>Change<select name="setup" id="setup-select">\(options)</select></label>\
            <label>Module, guard or handler (0x0 removes the guard or the handler)<input name="setup-address" value="\(value: d.setupAddress)" \
            placeholder="0x…" required autocomplete="off"\(modules.isEmpty ? "" : " list=\"safe-modules\"")></label>\(list)\
            <p class="muted">A module can move the Safe's funds without the owners; a guard can stop every transaction. \
            Each is checked on chain before the review: it must be a contract, and a guard must support the guard interface.</p>
            """
    }
}
