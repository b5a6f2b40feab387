import AppCore
import AsyncHTTPClient
import BifrostDashboard
import Foundation
import HTTPServing
import Hummingbird
import Logging
import Networking
import NIOCore
import NIOHTTP1
import NetworkingTesting

/// A dashboard served in this process on a free loopback port, over a fresh home that holds one
/// key and one followed Safe (its node answered by a mock), and a client that sends real HTTP.
struct DashboardHarness {
    static let owners = ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"].map { try! Address($0) }
    static let safeAddress = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    /// A Safe name that is markup and script, as another tool could have stored.
    static let hostileName = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'&"

    let home: URL
    let access: DashboardAccess
    let app: DashboardApp
    let session: Session
    let server: Task<Void, any Error>
    let client: HTTPClient
    let port: Int
    /// What the session's requests reach: the Safe's node, and any route a test adds.
    let node: MockNetwork
    /// The session cookie as `name=value`, once traded for the link's token.
    var sessionCookie = ""

    /// A dashboard listening; with `trade`, the link's one-use token already traded for the session cookie.
    /// With `network`, the home's current network has that name and the dashboard is given no URL;
    /// `environment` adds to the session's environment (BIFROST_FIAT, say).
    static func start(limits: ServingLimits = ServingLimits(), trade: Bool = true, network: String? = nil,
                      environment: [String: String] = [:]) async throws -> DashboardHarness {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-dashboard-\(UUID().uuidString)")
        let node = MockNetwork()
        node.serve(MockSafeNode(chainID: 31337, owners: owners, threshold: 2))
        let session = try Session.open(SessionChoice(home: home.path, rpcURL: network == nil ? "http://127.0.0.1:8545" : nil,
                                                     environment: environment.merging(["BIFROST_INSECURE_LIGHT_KDF": "1"]) { $1 }), http: node)
        if let network {
            _ = try await session.services.dispatcher.dispatch(AddNetwork(name: network, rpcURL: "http://127.0.0.1:8545", chainID: 31337, deployments: nil))
            _ = try await session.services.dispatcher.dispatch(UseNetwork(name: network))
        }
        _ = try await session.services.dispatcher.dispatch(
            ImportPrivateKey(name: "alice", key: try PrivateKey(hex: "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"), password: "pw"))
        _ = try await session.services.dispatcher.dispatch(AddSafe(address: safeAddress, name: hostileName, chain: session.chain))
        let access = DashboardAccess()
        let app = await DashboardApp(session: session, access: access)
        let (ready, bound) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "dashboard-tests")
        logger.logLevel = .critical
        let application = DashboardServer.application(app, port: 0, limits: limits, logger: logger) { bound.yield($0) }
        let server = Task { try await application.runService(gracefulShutdownSignals: []) }
        var ports = ready.makeAsyncIterator()
        let port = await ports.next() ?? 0
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        var harness = DashboardHarness(home: home, access: access, app: app, session: session, server: server, client: client, port: port,
                                       node: node)
        if trade {
            let response = try await harness.get("/?token=\(access.linkToken)", cookie: nil)
            harness.sessionCookie = Self.cookiePair(response.headers["set-cookie"].first ?? "")
        }
        return harness
    }

    /// Runs `body` with a started dashboard and stops it however `body` ends.
    static func with(limits: ServingLimits = ServingLimits(), trade: Bool = true, _ body: (DashboardHarness) async throws -> Void) async throws {
        let h = try await start(limits: limits, trade: trade)
        do { try await body(h) } catch {
            await h.stop()
            throw error
        }
        await h.stop()
    }

    func stop() async {
        try? await client.shutdown()
        server.cancel()
        _ = try? await server.value
        try? FileManager.default.removeItem(at: home)
    }

    /// The session cookie, traded for the link's token as a browser would when the harness started.
    func cookie() async throws -> String { sessionCookie }

    /// `name=value` of a Set-Cookie header.
    static func cookiePair(_ header: String) -> String { header.split(separator: ";").first.map(String.init) ?? "" }

    struct Answer {
        let status: Int
        let headers: HTTPHeaders
        let body: String
    }

    func get(_ path: String, cookie: String?, host: String? = nil) async throws -> Answer {
        try await send(path, method: .GET, cookie: cookie, host: host, form: nil)
    }

    func post(_ path: String, form: String, cookie: String?, host: String? = nil) async throws -> Answer {
        try await send(path, method: .POST, cookie: cookie, host: host, form: form)
    }

    private func send(_ path: String, method: HTTPMethod, cookie: String?, host: String?, form: String?) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers.replaceOrAdd(name: "Host", value: host ?? "127.0.0.1:\(port)")
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: form))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 22)
        return Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: body))
    }

    /// Waits, up to 60 seconds, until page `id` no longer says it is working: a form answers at
    /// once, and the page follows the work it started.
    func settled(_ id: String, cookie: String) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, try await get("/p/\(id)/main", cookie: cookie).body.contains("id=\"working\"") {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The page id and CSRF token of a rendered page.
    static func pageID(_ html: String) -> String? { capture(#"data-page="([^"]+)""#, html) }
    static func csrf(_ html: String) -> String? { capture(#"name="csrf" value="([0-9a-f]+)""#, html) }

    private static func capture(_ pattern: String, _ text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
