import ArgumentParser
import Foundation
import Services

/// `bifrost safe service propose`.
struct SafeServiceProposeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propose", abstract: "Propose a signed transaction to the service, with every signature collected here.",
        discussion: """
        With --key, that key sends it: an owner signs it first (a confirmation); a proposer of the Safe \
        ('bifrost safe delegate') signs only to prove who sent it, which counts as no confirmation.

        Example: bifrost safe service propose 0x5f3a…9c1e --key bot --service-url http://127.0.0.1:8600
        """)
    @OptionGroup var post: ServicePostOptions
    @Option(help: ArgumentHelp("Send it as this vault key: an owner, or a proposer of the Safe.", valueName: "name"))
    var key: String?
    @OptionGroup var password: PasswordOptions

    func run() async throws {
        guard let key else { return try await post.run(propose: true) }
        let passwords = password, endpoint = try post.service.endpoint()
        let sent = try await post.global.services().dispatcher.dispatch(ProposeToServiceWithKey(
            safeTxHash: post.safeTxHash.bytes, keyName: key, service: endpoint, password: { try passwords.unlock(key) }))
        if post.global.json { return try post.global.output.emit(view: ServiceProposalView(sent)) }
        Console.current.out(ServiceProposerOptions.line(sent, host: endpoint.host))
    }
}
