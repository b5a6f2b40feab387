import ArgumentParser
import BifrostServer
import Foundation
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
        checked on chain). Transactions are kept in one SQLite file. It listens on 127.0.0.1 \
        unless --listen says otherwise, and its first line on stdout says where. Stop it with \
        Ctrl-C or SIGTERM.

        Served: GET/POST /api/v1|v2/safes/{address}/multisig-transactions/, GET \
        /api/v1|v2/multisig-transactions/{safeTxHash}/, POST \
        /api/v1/multisig-transactions/{safeTxHash}/confirmations/, GET /api/v1/safes/{address}/, \
        GET /api/v1/about/ and GET /health; with or without a trailing slash, and under an optional \
        /{shortName} prefix.

        Examples:
          bifrost serve --network devnet
          bifrost serve --network sepolia --listen 0.0.0.0:8000 --database sqlite:/srv/bifrost/serve.sqlite
        """
    )

    @Option(help: ArgumentHelp("Where to listen (default 127.0.0.1:8000; port 0 picks a free one).", valueName: "HOST:PORT"))
    var listen = "127.0.0.1:8000"
    @Option(help: ArgumentHelp("Where to keep transactions (default sqlite:HOME/serve.sqlite).", valueName: "sqlite:PATH"))
    var database: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        _ = try Self.address(listen)
        if let database, !database.hasPrefix("sqlite:") {
            throw ValidationError("--database: '\(database)' is not sqlite:PATH (PostgreSQL is not served yet)")
        }
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
        let path = database.map { String($0.dropFirst("sqlite:".count)) } ?? services.home.url.appendingPathComponent("serve.sqlite").path
        let service = try await services.coSigning(databasePath: path, chain: global.chain)
        let chainID = try await service.chainID()
        try await CoSigningServer.run(service: service, host: host, port: port) { bound in
            // The first line on stdout, unbuffered, so a script can read where to go at once.
            FileHandle.standardOutput.write(Data("Serving chain \(chainID) at http://\(host):\(bound) (transactions in \(path))\n".utf8))
        }
    }
}
