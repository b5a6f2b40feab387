import ArgumentParser
import BifrostServer
import CoSigning
import Foundation
import HTTPServing
import Services

/// `bifrost serve`: a co-signing service that speaks the Safe Transaction Service API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a co-signing service for one chain that wallets reach as a Safe Transaction Service.",
        discussion: """
        Owners on different machines propose, confirm and list Safe transactions through it, with \
        Bifrost (safe service --service-url http://HOST:PORT) or any client of the official service, \
        such as safe-eth-py's TransactionServiceApi. Every proposal's hash is recomputed with the \
        Safe's version and chain ID read from the network's node, its sender must be an owner, and \
        every signature must recover to an owner (approved hashes and contract signatures are \
        checked on chain); an owner's delegate may propose too. Transactions are kept in one \
        SQLite file, or in a PostgreSQL database that several servers can share. It listens on \
        127.0.0.1 unless --listen says otherwise, and its first line on stdout says where (one \
        JSON object with --json). Every few seconds it reads the served Safes' logs, resuming where \
        it stopped, and marks transactions executed, failed or replaced; it keeps the hashes of the \
        last --reorg-depth blocks it read, and when the chain reorganises it takes back what it read \
        of the dropped blocks (an execution there is pending again, REORG_DETECTED is announced) \
        and reads again. A Safe that changed is \
        read again, and otherwise its owners, threshold and nonce are kept for --safe-cache \
        seconds rather than asked of the node for every request. Stop it with Ctrl-C or SIGTERM.

        A proposal must carry its sender's own signature (or, from a delegate, the delegate's). \
        A proposal that delegatecalls anything but the network's MultiSend, MultiSendCallOnly, \
        SignMessageLib and migration contracts is refused, as the official service can refuse it \
        since 2025; --allow-delegatecall trusts one more. Stricter than the official service, a \
        proposal whose simulated after-state changes the Safe's singleton, enables a module, sets a \
        guard, or pays a gas refund to someone who is not an owner is refused too, unless \
        --allow-change names that kind: such a transaction takes a Safe over with one hurried \
        signature, so it should not reach the owners' queues unasked. \
        A connection whose request does not arrive within --read-timeout seconds is closed, one \
        client may hold --max-connections-per-client connections, and a request with two Host \
        headers is answered 400. Paging links point at --public-url, else at the listen address; \
        the request log shows query names with their values masked.

        Events (a proposal, each new confirmation, an execution, a deletion, ether and tokens in \
        and out, messages and their signatures) are written to the database with the change \
        itself, in the official service's webhook JSON. Each --webhook (or line of --webhook-file) \
        gets every event POSTed once it happened, oldest first, with X-Bifrost-Event-Id for \
        deduplication and X-Bifrost-Signature: t=UNIX-SECONDS,v1=HEX, the HMAC-SHA256 under the \
        secret of "T.ID.BODY" (the t value, the event ID and the raw body joined by dots): a receiver \
        recomputes it, compares in constant time, and refuses a t more than 5 minutes from its clock, \
        so a captured delivery cannot be replayed under another ID or later. An event stays \
        queued in the database until the receiver answers 2xx, retried with a growing pause and \
        kept across restarts, and a slow receiver never slows the API. A receiver that has failed \
        for --webhook-expiry hours since its first failure (counted across restarts; a delivery \
        taken resets it) has its queued events moved to dead letters, logged as an error and \
        counted in bifrost_serve_webhook_dead_letters; it is still sent new events. GET /api/v1/events streams \
        the same events as server-sent events (resume with Last-Event-ID; ?safe= for one Safe).

        Several servers may share one PostgreSQL database behind a load balancer: one of them, \
        elected through the database, follows the chain, and another takes over within seconds \
        when it stops; each delivery is claimed for --webhook-lease seconds, so every event goes \
        out once per webhook, and again after that lease if its server died before the receiver \
        answered.

        With --api-key-file, writes need "Authorization: Bearer KEY" (the header safe-eth-py and \
        api-kit send with an API key) and each key has a rate; reads stay open. The file holds one \
        key per line (16 characters or more), optionally followed by its requests per minute, and \
        must be chmod 600. Lines end in \\n or \\r\\n (in this file and in --webhook-file); the file \
        must be UTF-8. Browsers may call it only from the origins given with --cors-origin.

        Served: GET/POST /api/v1|v2/safes/{address}/multisig-transactions/, GET/DELETE \
        /api/v1|v2/multisig-transactions/{safeTxHash}/, POST \
        /api/v1/multisig-transactions/{safeTxHash}/confirmations/, GET /api/v1/safes/{address}/, \
        GET /api/v1|v2/owners/{owner}/safes/, GET /api/v1/safes/{address}/balances/, GET \
        /api/v1/tokens/{address}/, GET/POST /api/v2/delegates/, DELETE \
        /api/v2/delegates/{delegate}/, GET /api/v1/about/, POST /api/v1/data-decoder/, GET /api/v1/events and GET /health; with or without a \
        trailing slash, and under the chain's name (/sep/api/…). --network given more than once serves each \
        chain from one database, and the Safe Queue Service API for all of them under /queue/api/v1. \
        GET /metrics answers in Prometheus's \
        text format. The log (stderr) has one line per request (method, path with query values masked, \
        status, milliseconds), as text or with --log-format json one JSON object per line; --quiet keeps \
        warnings only.

        Examples:
          bifrost serve --network devnet
          bifrost serve --network sepolia --network base --database postgres://bifrost@db.internal/bifrost
          bifrost serve --network sepolia --listen 0.0.0.0:8000 --database sqlite:/srv/bifrost/serve.sqlite \\
              --api-key-file /srv/bifrost/keys --cors-origin https://wallet.example.org
          BIFROST_SERVE_DATABASE=postgres://bifrost:PASSWORD@db.internal/bifrost bifrost serve --network sepolia
          BIFROST_WEBHOOK_SECRET=$(cat /srv/bifrost/hook-secret) bifrost serve --network sepolia --webhook https://ops.example.org/safe
        """
    )

    @Option(help: ArgumentHelp("Where to listen; port 0 picks a free one.", valueName: "HOST:PORT"))
    var listen = "127.0.0.1:8000"
    @Option(help: ArgumentHelp("Where to keep transactions: sqlite:PATH (default HOME/serve.sqlite) or a PostgreSQL URL "
                               + "(env BIFROST_SERVE_DATABASE, which keeps a password out of the process list).",
                               valueName: "sqlite:PATH|postgres://USER@HOST/DB"))
    var database: String?
    @Option(help: ArgumentHelp("Require a key from this file (chmod 600) to write: one per line, optionally with its requests per minute.",
                               valueName: "FILE"))
    var apiKeyFile: String?
    @Option(help: ArgumentHelp("Writes per minute for a key whose line names no rate.", valueName: "N"))
    var rateLimit = 60
    @Option(help: ArgumentHelp("Let browser pages from this origin call the API (repeat for more; * for any). Off by default.",
                               valueName: "ORIGIN"))
    var corsOrigin: [String] = []
    @Option(help: ArgumentHelp("Seconds between reads of the chain's execution events; 0 not to follow.", valueName: "SECONDS"))
    var followInterval = 5
    @Option(help: ArgumentHelp("Seconds a Safe's owners, threshold and nonce are kept between reads (the follower drops them sooner "
                               + "when the Safe changes); 0 reads the node for every request.", valueName: "SECONDS"))
    var safeCache = 15
    @Option(help: ArgumentHelp("The URL clients reach this server at (behind a proxy), for the links of paged answers; "
                               + "by default the listen address. A request's Host header is never used.", valueName: "URL"))
    var publicURL: String?
    @Option(help: ArgumentHelp("Seconds a request's headers and body may take to arrive, and an idle connection is kept.",
                               valueName: "SECONDS"))
    var readTimeout = 30
    @Option(help: ArgumentHelp("Connections one client address may hold open at once (a proxy in front counts as one client).",
                               valueName: "N"))
    var maxConnectionsPerClient = 256
    @Option(help: ArgumentHelp("Blocks whose hashes the follower keeps: a reorganisation up to this deep is taken back and read again.",
                               valueName: "BLOCKS"))
    var reorgDepth = 10
    @Option(help: ArgumentHelp("POST every event to this URL (repeat for more), signed with the secret in BIFROST_WEBHOOK_SECRET.",
                               valueName: "URL"))
    var webhook: [String] = []
    @Option(help: ArgumentHelp("Webhooks from a file (chmod 600): one per line, the URL then its secret of 16 or more characters.",
                               valueName: "FILE"))
    var webhookFile: String?
    @Option(help: ArgumentHelp("Hours a webhook may fail, from its first failure, before its queued events become dead letters.",
                               valueName: "HOURS"))
    var webhookExpiry = 72.0
    @Option(help: ArgumentHelp("Seconds a server holds a delivery it claimed before another server on the same database may send it.",
                               valueName: "SECONDS"))
    var webhookLease = 60
    @Option(help: ArgumentHelp("The log's form on stderr: text, or json (one object per line).", valueName: "text|json"))
    var logFormat: ServeLogFormat = .text
    @Option(help: ArgumentHelp("Accept proposals that delegatecall this contract, besides the network's MultiSend, "
                               + "MultiSendCallOnly, SignMessageLib and migration contracts (repeat for more).", valueName: "ADDRESS"))
    var allowDelegatecall: [AddressValue] = []
    @Option(help: ArgumentHelp("Accept proposals that make this change, refused by default: singleton, module, guard or refund "
                               + "(a gas refund to someone who is not an owner); repeat for more.", valueName: "KIND"))
    var allowChange: [SafeProposalPolicy.Allowance] = []
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        _ = try Self.address(listen)
        _ = try chosenPublicURL()
        guard readTimeout > 0 else { throw ValidationError("--read-timeout: give a positive number of seconds") }
        guard maxConnectionsPerClient > 0 else { throw ValidationError("--max-connections-per-client: give a positive number") }
        guard rateLimit > 0 else { throw ValidationError("--rate-limit: give a positive number of requests per minute") }
        guard followInterval >= 0 else { throw ValidationError("--follow-interval: give 0 or more seconds") }
        guard safeCache >= 0 else { throw ValidationError("--safe-cache: give 0 or more seconds") }
        guard (1...10_000).contains(reorgDepth) else { throw ValidationError("--reorg-depth: give a number of blocks from 1 to 10000") }
        guard webhookExpiry > 0, webhookExpiry <= 876_000 else { throw ValidationError("--webhook-expiry: give a number of hours above 0, at most 876000") }
        guard (1...3_600).contains(webhookLease) else { throw ValidationError("--webhook-lease: give a number of seconds from 1 to 3600") }
        _ = try chosenDatabase()
        _ = try chosenWebhooks()
        if global.networks.count > 1, global.rpcURL != nil {
            throw ValidationError("--rpc-url: give it with one network at most; several --network are each served through their own node")
        }
    }

    /// `--webhook` URLs with the secret from `BIFROST_WEBHOOK_SECRET`, then `--webhook-file`'s.
    func chosenWebhooks() throws -> [Webhook] {
        var hooks: [Webhook] = []
        if !webhook.isEmpty {
            guard let secret = try SecretInput.variable("BIFROST_WEBHOOK_SECRET") else {
                throw ValidationError("--webhook: set BIFROST_WEBHOOK_SECRET to the secret deliveries are signed with (16 characters or more), "
                                      + "or give each webhook its own in --webhook-file")
            }
            do { hooks = try webhook.map { url throws(WebhookError) in try Webhook(url: url, secret: secret) } } catch {
                throw ValidationError("--webhook: \(error.description)")
            }
        }
        if let webhookFile {
            do { hooks += try Webhook.file(webhookFile) } catch { throw ValidationError("--webhook-file: \(error.description)") }
        }
        guard Set(hooks.map(\.url.absoluteString)).count == hooks.count else { throw ValidationError("--webhook: a URL is given twice") }
        return hooks
    }

    /// `--database`, else `BIFROST_SERVE_DATABASE`; nil for the home's SQLite file. The text is
    /// never repeated in an error, as it may carry a password.
    func chosenDatabase() throws -> CoSigningDatabase? {
        guard let text = database ?? ProcessInfo.processInfo.environment["BIFROST_SERVE_DATABASE"], !text.isEmpty else { return nil }
        do { return try CoSigningDatabase(parsing: text) } catch { throw ValidationError("--database: \(error.description)") }
    }

    /// `--public-url` as an http(s) URL with a host and nothing after its path.
    func chosenPublicURL() throws -> URL? {
        guard let publicURL else { return nil }
        guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil, url.user == nil else {
            throw ValidationError("--public-url: '\(publicURL)' is not an http:// or https:// URL such as https://safe.example.org")
        }
        return url
    }

    /// `host:port`, the port 0 to 65535.
    static func address(_ text: String) throws -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port),
              colon > text.startIndex else {
            throw ValidationError("--listen: '\(text)' is not HOST:PORT, such as 127.0.0.1:8000")
        }
        return (String(text[..<colon]), port)
    }

    func run() async throws {
        let services = try global.services()
        let (host, port) = try Self.address(listen)
        let database = try chosenDatabase() ?? services.defaultCoSigningDatabase
        let keys: APIKeys?
        do { keys = try apiKeyFile.map { file throws(APIKeysError) in try APIKeys(file: file, defaultPerMinute: rateLimit) } } catch {
            throw InputError(option: "--api-key-file", reason: error.description)
        }
        // Several --network: each is served; otherwise the one chain the global options choose.
        let selections = global.networks.count > 1 ? global.networks.map { ChainSelection(networkName: $0) } : [global.chain]
        let policy = SafeProposalPolicy(allowedDelegates: Set(allowDelegatecall.map(\.address)), allowances: Set(allowChange))
        let chains = try await services.serving(database: database, chains: selections, stateMaxAge: .seconds(safeCache), policy: policy)
        var settings = ServeSettings(host: host, port: port, access: WriteAccess(keys: keys), corsOrigins: Set(corsOrigin),
                                     followEvery: followInterval == 0 ? nil : .seconds(followInterval), publicURL: try chosenPublicURL(),
                                     limits: ServingLimits(readTimeout: .seconds(readTimeout), connectionsPerClient: maxConnectionsPerClient),
                                     webhooks: try chosenWebhooks(), webhookExpiry: .milliseconds(Int64(webhookExpiry * 3_600_000)),
                                     reorgDepth: reorgDepth)
        settings.webhookLease = .seconds(webhookLease)
        try await CoSigningServer.run(chains: chains, settings: settings, logger: logFormat.logger(quiet: global.quiet)) { bound in
            // The first line on stdout, unbuffered, so a script can read where to go at once.
            let chainIDs = chains.all.map { String($0.chainID) }
            let line = global.json
                ? JSONWriter.write(.object([("url", .string("http://\(host):\(bound)")), ("chainId", .string(chainIDs[0])),
                                            ("chains", .array(chains.all.map { chain in
                                                .object([("chainId", .string(String(chain.chainID))), ("paths", .array(chain.names.map { .string("/\($0)/api") }))])
                                            })),
                                            ("database", .string(database.description))]))
                : "Serving chain \(chainIDs.joined(separator: ", ")) at http://\(host):\(bound) (transactions in \(database))"
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}

extension ServeLogFormat: ExpressibleByArgument {}
extension SafeProposalPolicy.Allowance: ExpressibleByArgument {}
