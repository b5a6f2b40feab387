import ArgumentParser
import Foundation
import Services

/// `bifrost safe modules`.
struct SafeModulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "List a Safe's enabled modules with what each has executed, and its guard and fallback handler.",
        discussion: """
        A module can make the Safe call anything without the owners' signatures; each one's executions \
        are read from the Safe's ExecutionFromModuleSuccess/Failure logs, newest first, with the call \
        decoded from the calldata that carried it.
        Change them with 'bifrost safe propose SAFE --enable-module ADDR', '--disable-module ADDR', \
        '--set-guard ADDR' (0x0 removes it) or '--set-fallback-handler ADDR'.

        Example: bifrost safe modules 0x1d5e…d5e1 --recent 5 --json
        """
    )
    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @Option(help: "How many of each module's newest executions to list.")
    var recent = 10
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard recent >= 0 else { throw ValidationError("--recent is a count, 0 or more") }
    }

    func run() async throws {
        let services = try global.services()
        Console.current.progress("Reading the Safe and its module executions…")
        let read = try await services.dispatcher.dispatch(SafeModulesQuery(safe: safe.address, chain: global.chain))
        let names = await global.names(services, chainID: read.state.safe.chainID)
        if global.json { return try global.output.emit(view: SafeModulesView(read, recent: recent), names: names) }
        let console = Console.current.naming(names)
        let s = read.state.safe
        func none(_ a: Address) -> String { a == .zero ? "none" : a.checksummed }
        console.out("guard:            \(none(s.guardAddress))\nfallback handler: \(none(s.fallbackHandler))")
        if read.modules.isEmpty { return console.out("modules:          none") }
        for m in read.modules {
            let failed = m.executions.count - m.succeeded
            console.out("module \(m.module.checksummed): \(m.executions.count) execution\(m.executions.count == 1 ? "" : "s")"
                        + (failed > 0 ? " (\(failed) failed)" : ""))
            for e in m.executions.prefix(recent) {
                let what = e.summary.map { UntrustedText.visible($0) } ?? "a call only a trace would show"
                console.out("  \(e.success ? "✓" : "✗ failed")  block \(e.block)  \(what)  tx \(Hex.encode(e.transactionHash))")
            }
        }
    }
}
