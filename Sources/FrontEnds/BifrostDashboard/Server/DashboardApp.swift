import AppCore
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The dashboard's pages and their routes over one session: every open page gets its own store,
/// forms become actions and answer at once, and each page hears of its state's changes, and of
/// where to go once its work is done, over server-sent events.
@MainActor
public final class DashboardApp {
    let session: Session
    let access: DashboardAccess
    let rates: RatesSource
    let pages: PageRegistry

    /// A dashboard over `session`, letting in whoever `access` admits.
    public init(session: Session, access: DashboardAccess, rates: RatesSource = RatesSource(), pageCapacity: Int = 64) {
        self.session = session
        self.access = access
        self.rates = rates
        pages = PageRegistry(capacity: pageCapacity)
    }

    /// The router, guarded: Host check, session, CSRF, and the security headers on every answer.
    public nonisolated func router() -> Router<DashboardContext> {
        let router = Router(context: DashboardContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: HostCheckMiddleware(access: access))
        router.add(middleware: SessionMiddleware(access: access))
        router.add(middleware: CSRFMiddleware(access: access))
        AssetRoutes.add(to: router)
        router.get("/") { _, _ in try await self.root() }
        router.get("/onboarding") { _, _ in await self.open { OnboardingScreen.page(id: $0, session: self.session) } }
        router.get("/settings") { _, _ in await self.open { SettingsScreen.page(id: $0, session: self.session) } }
        router.get("/rates") { _, _ in await self.open { RatesScreen.page(id: $0, session: self.session, source: self.rates) } }
        router.get("/safes/:address") { _, context in
            let address = try Parse.address(context.parameters.get("address"), field: "Safe address", refusing: true)
            return await self.open { SafeHomeScreen.page(id: $0, address: address, session: self.session) }
        }
        router.get("/safes/:address/new") { request, context in
            let address = try Parse.address(context.parameters.get("address"), field: "Safe address", refusing: true)
            let setup = NewTransactionScreen.setupDraft(request.uri.queryParameters.get("setup"), address: request.uri.queryParameters.get("address"))
            return await self.open { NewTransactionScreen.page(id: $0, safe: address, session: self.session, setup: setup) }
        }
        router.get("/safes/:address/proposers") { _, context in
            let address = try Parse.address(context.parameters.get("address"), field: "Safe address", refusing: true)
            return await self.open { SafeProposersScreen.page(id: $0, address: address, session: self.session) }
        }
        router.get("/safes/:address/upgrade/:version") { _, context in
            let address = try Parse.address(context.parameters.get("address"), field: "Safe address", refusing: true)
            let version = try Parse.safeVersion(context.parameters.get("version"))
            return await self.open { NewTransactionScreen.page(id: $0, safe: address, session: self.session, upgrade: SafeUpgradeRequest(to: version)) }
        }
        router.get("/tx/:hash") { _, context in
            let hash = try Parse.hash(context.parameters.get("hash") ?? "")
            return await self.open { TransactionScreen.page(id: $0, safeTxHash: hash, session: self.session) }
        }
        router.get("/messages/:hash") { _, context in
            let hash = try Parse.hash(context.parameters.get("hash") ?? "")
            return await self.open { MessageScreen.page(id: $0, messageHash: hash, session: self.session) }
        }
        router.get("/p/:id") { _, context in await self.show(context.parameters.get("id") ?? "") }
        router.get("/p/:id/main") { _, context in try await self.main(context.parameters.get("id") ?? "") }
        router.get("/p/:id/download/:name") { _, context in
            try await self.download(context.parameters.get("id") ?? "", context.parameters.get("name") ?? "")
        }
        router.post("/p/:id/do/:name") { _, context in
            try await self.perform(context.parameters.get("id") ?? "", context.parameters.get("name") ?? "", form: context.form)
        }
        router.get("/live/:id") { request, context in
            try await self.live(context.parameters.get("id") ?? "", since: request.uri.queryParameters.get("since", as: Int.self),
                                closed: context.connectionClosed)
        }
        return router
    }

    /// Reloads every open page when anything in the home changes, until cancelled.
    public func watchHome() async {
        for await _ in HomeChanges(home: session.home) { pages.homeChanged() }
    }

    /// With a Transaction Service that streams its events (`bifrost serve`), reloads every open page
    /// when it announces one, so a proposal or signature made elsewhere shows at once; until cancelled.
    public func watchService() async {
        guard let service = session.service,
              let events = try? await session.services.dispatcher.dispatch(FollowServiceEvents(service: service)) else { return }
        for await _ in events { pages.homeChanged() }
    }

    private func root() async throws -> Response {
        let keys = (try? await session.services.dispatcher.dispatch(ListKeys())) ?? []
        if keys.isEmpty { return .seeOther("/onboarding") }
        return await open { SafeListScreen.page(id: $0, session: self.session) }
    }

    /// Opens a new page and renders it once what it started on opening has settled.
    private func open(_ make: @MainActor (String) -> any DashboardPage) async -> Response {
        let page = make(pages.newID())
        pages.add(page)
        await page.settle()
        return await render(page)
    }

    private func show(_ id: String) async -> Response {
        guard let page = pages.page(id) else { return .seeOther("/") }
        if let elsewhere = page.departure(), elsewhere != "/p/\(id)" { return .seeOther(elsewhere) }
        return await render(page)
    }

    private func render(_ page: any DashboardPage) async -> Response {
        let context = await renderContext(page.id)
        return .html(Layout.page(title: page.title, section: page.section, pageID: page.id, revision: page.revision, chain: await chainName(),
                                 main: page.main(context, whole: true)))
    }

    private func main(_ id: String) async throws -> Response {
        guard let page = pages.page(id) else { throw Refusal(.notFound, "This page has closed; reload it.") }
        return .html(page.main(await renderContext(id), whole: false))
    }

    private func perform(_ id: String, _ name: String, form: FormData) async throws -> Response {
        guard let page = pages.page(id) else { throw Refusal(.notFound, "This page has closed; nothing was changed. Reload it and try again.") }
        guard try page.perform(name, form: form) else { throw Refusal(.notFound, "This page has no action '\(name)'.") }
        // At once: chain work can take minutes, and the page follows it over its live stream.
        return .seeOther(page.departure() ?? "/p/\(id)")
    }

    private func download(_ id: String, _ name: String) throws -> Response {
        guard let file = pages.page(id)?.download(name) else { throw Refusal(.notFound, "There is nothing to download here; export it first.") }
        return Response(status: .ok, headers: [.contentType: file.contentType, .contentDisposition: "attachment; filename=\"\(file.filename)\""],
                        body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// The page's live events as server-sent events (`render` with the page's revision, `leave`
    /// with where to go), until the page closes, the client's connection closes (`closed`), or the
    /// server shuts down; `since` is the revision the client shows.
    private func live(_ id: String, since: Int?, closed: EventLoopFuture<Void>) throws -> Response {
        guard let page = pages.page(id) else { throw Refusal(.notFound, "This page has closed; reload it.") }
        let events = page.live(since: since, until: closed)
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": live\n\n"))
            // Ctrl-C waits for open requests; a live stream must end then, or the server never stops.
            for await event in events.cancelOnGracefulShutdown() {
                switch event {
                case .render(let revision): try await writer.write(ByteBuffer(string: "event: render\ndata: \(revision)\n\n"))
                case .leave(let path): try await writer.write(ByteBuffer(string: "event: leave\ndata: \(path)\n\n"))
                }
            }
            try await writer.finish(nil)
        })
    }

    private func renderContext(_ id: String) async -> RenderContext {
        let keys = (try? await session.services.dispatcher.dispatch(ListKeys())) ?? []
        let names = (try? await session.services.dispatcher.dispatch(AddressNamesQuery(chainID: nil))) ?? AddressNames()
        return RenderContext(pageID: id, csrf: access.csrfToken, keys: keys, fiat: session.fiat, names: names, hasNetwork: await chainName() != nil)
    }

    /// What the header calls the chain: the URL the dashboard was given (its password masked),
    /// else the network it was told to use, else the home's current network by name.
    private func chainName() async -> String? {
        if let url = session.chain.rpcURL { return CredentialMask.url(url) }
        if let name = session.chain.networkName { return name }
        return try? await session.services.dispatcher.dispatch(ListNetworks()).current
    }
}
