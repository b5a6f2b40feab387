/// The frame around every page: navigation, the current chain, and the `main` element the live
/// updates replace.
enum Layout {
    /// The whole page around `main`; `revision` is the page's, for its live stream to catch up from;
    /// `chain` nil when the home has no network yet, which the header then offers to add.
    static func page(title: String, section: Section, pageID: String?, revision: Int, chain: String?, main: HTML) -> HTML {
        let chain: HTML = chain.map { "<span class=\"chain\">\($0)</span>" }
            ?? "<a class=\"chain\" id=\"no-network\" href=\"/settings#networks\">No network yet: add one</a>"
        let nav = HTML.join([Section.safes, .rates, .settings].map { s in
            "<a href=\"\(s.path)\" class=\"\(s == section ? "current" : "")\">\(s.rawValue)</a>"
        })
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>\(title) · Bifrost</title><link rel="stylesheet" href="/assets/app.css"><link rel="icon" href="/assets/icon.svg">\
        <script src="/assets/app.js" defer></script></head>
        <body data-page="\(pageID ?? "")" data-revision="\(revision)"><header><a class="brand" href="/"><img src="/assets/icon.svg" alt="">Bifrost</a>\(nav)\
        \(chain)</header>
        <main id="main">\(main)</main></body></html>
        """
    }
}
