import ArgumentParser
import BifrostDashboard
import Foundation
import Services

/// `bifrost dashboard`: Bifrost's app in the browser, served on this machine only.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Open the local web dashboard: your Safes, their queues and history, new transactions, rates and settings.",
        discussion: """
        The dashboard serves on 127.0.0.1 only. Its first line on stdout is its link, which carries \
        a one-time access token: open it in a browser on this machine (it opens by itself unless \
        --no-open is given). Pages update by themselves when the CLI or another dashboard changes \
        the same home. Passwords typed into a page go to this local server only, and are never \
        stored. Stop it with Ctrl-C.

        With --service-url, each Safe's page merges the pending transactions of that Transaction \
        Service (Safe's hosted one, or a `bifrost serve`) into its queue, verified, and each \
        transaction's page can send its signatures there. A `bifrost serve` also streams its events, \
        so open pages reload as soon as someone proposes or signs there.

        Examples:
          bifrost dashboard
          bifrost dashboard --port 8800 --no-open --network devnet
          bifrost dashboard --network sepolia --service-url http://team-server:8000 --api-key-file ~/.team-key
        """
    )

    @Option(help: ArgumentHelp("Port to serve on; 0 picks a free one.", valueName: "n"))
    var port: Int = 0

    @Flag(name: .customLong("no-open"), help: "Print the link but do not open a browser.")
    var noOpen = false

    @OptionGroup var service: ServiceOptions
    @OptionGroup var rates: RatesOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is not a port (0 to 65535)") }
    }

    func run() async throws {
        let session = try global.session().meeting(at: try service.optionalEndpoint()).pricing(in: rates.currency)
        let source = try rates.source()
        let open = !noOpen
        try await DashboardServer.run(session: session, port: port, rates: source) { link in
            // The first line on stdout, written unbuffered so a script reading it can go on at once.
            FileHandle.standardOutput.write(Data("Dashboard: \(link)\n".utf8))
            if open { Browser.open(link) }
        }
    }
}

/// Opens a link with the desktop's opener, where there is one; quietly does nothing otherwise.
enum Browser {
    static func open(_ link: String) {
        let candidates = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open", "/usr/bin/open"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [link]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
