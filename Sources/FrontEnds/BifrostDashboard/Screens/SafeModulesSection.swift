import AppCore

/// A Safe's modules and guard on its home: each enabled module with how many executions it made
/// and its newest ones, and a Remove that opens the review of the proposal disabling it (or
/// removing the guard). What a module can do is loud: it moves funds without the owners.
enum SafeModulesSection {
    /// How many of a module's newest executions the home lists.
    static let recent = 5

    static func render(_ snapshot: SafeDetail.Snapshot, _ context: RenderContext) -> HTML {
        let safe = snapshot.info.safe
        let modules = SafeModuleActivity.of(safe.modules, activity: snapshot.activity)
        let list: HTML = modules.isEmpty ? "<p class=\"muted\" id=\"no-modules\">No module is enabled.</p>" : """
            <p class="muted">A module can make the Safe call anything, its funds included, without the owners' signatures.</p>\
            <ul class="module-list">\(HTML.join(modules.map { module($0, safe: safe.address, known: snapshot.historyError == nil, context) }))</ul>
            """
        let guardLine: HTML = safe.guardAddress == .zero ? "none" : """
            \(context.address(safe.guardAddress)) \(remove(safe.address, .setGuard, "0x0", label: "Remove the guard"))
            """
        return """
        <section id="modules"><h2>Modules and guard</h2>\(list)<dl><dt>Guard</dt><dd id="guard">\(guardLine)</dd></dl>\
        <p><a href="/safes/\(safe.address.checksummed)/new?setup=enable-module">Enable a module, set the guard or the fallback handler</a></p></section>
        """
    }

    /// One module: its executions (unknown when the history could not be read), the newest listed.
    static func module(_ m: SafeModuleActivity, safe: Address, known: Bool, _ context: RenderContext) -> HTML {
        let count = m.executions.count, failed = count - m.succeeded
        let counted: HTML = known
            ? "<span class=\"pill\" data-executions=\"\(count)\">\(count) execution\(count == 1 ? "" : "s")\(failed > 0 ? ", \(failed) failed" : "")</span>"
            : "<span class=\"muted\">executions unknown</span>"
        let newest: HTML = m.executions.isEmpty ? .empty
            : "<ul class=\"history-list\">\(HTML.join(m.executions.prefix(recent).map { SafeHistorySection.item($0, context) }))</ul>"
        return """
        <li data-module="\(m.module.checksummed)">\(context.address(m.module)) \(counted) \
        \(remove(safe, .disableModule, m.module.checksummed, label: "Remove"))\(newest)</li>
        """
    }

    /// A link to the new-transaction page reviewing `change` of `address` at once.
    static func remove(_ safe: Address, _ change: SafeIntentDraft.SetupChange, _ address: String, label: String) -> HTML {
        "<a class=\"button secondary\" href=\"/safes/\(safe.checksummed)/new?setup=\(change.rawValue)&amp;address=\(address)\">\(label)</a>"
    }
}
