import Hummingbird

/// Serves the stylesheet, the script and the icon compiled into the binary: the dashboard fetches
/// nothing from outside, so it works offline.
enum AssetRoutes {
    static func add(to router: Router<DashboardContext>) {
        serve(router, "/assets/app.css", Stylesheet.source, "text/css; charset=utf-8")
        serve(router, "/assets/app.js", Script.source, "text/javascript; charset=utf-8")
        serve(router, "/assets/icon.svg", Icon.svg, "image/svg+xml")
        // Browsers ask for this one by themselves; answering it keeps their consoles free of 404s.
        serve(router, "/favicon.ico", Icon.svg, "image/svg+xml")
    }

    private static func serve(_ router: Router<DashboardContext>, _ path: RouterPath, _ text: String, _ type: String) {
        let bytes = ByteBuffer(string: text)
        router.get(path) { _, _ in
            Response(status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=3600"], body: .init(byteBuffer: bytes))
        }
    }
}
