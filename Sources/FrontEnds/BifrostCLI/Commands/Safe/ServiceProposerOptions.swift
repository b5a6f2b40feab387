import ArgumentParser
import Foundation
import Services

/// `--key` with `--service-url` on `safe propose`: send the proposal to a Transaction Service as
/// that key, an owner (its signature a confirmation) or a proposer (delegate) of the Safe.
struct ServiceProposerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Send the proposal to --service-url as this vault key: an owner, or a proposer of the Safe ('bifrost safe delegate').",
                               valueName: "name"))
    var key: String?
    @OptionGroup var service: ServiceOptions
    @OptionGroup var password: PasswordOptions

    func validate() throws {
        if key != nil, service.serviceURL == nil, ProcessInfo.processInfo.environment["BIFROST_SAFE_SERVICE_URL"] == nil {
            throw ValidationError("--key sends the proposal to a Transaction Service: give --service-url URL too")
        }
        if key == nil, service.serviceURL != nil { throw ValidationError("--service-url sends the proposal as --key NAME: give the key too") }
    }

    /// Sends the stored `safeTxHash` to the service as `--key`, when one is given; what was sent.
    func send(_ safeTxHash: [UInt8], _ global: GlobalOptions) async throws -> ServiceProposal? {
        guard let key else { return nil }
        let passwords = password
        Console.current.progress("Proposing to \(try service.endpoint().host)…")
        return try await global.services().dispatcher.dispatch(ProposeToServiceWithKey(
            safeTxHash: safeTxHash, keyName: key, service: try service.endpoint(), password: { try passwords.unlock(key) }))
    }

    /// The proposal stored here and sent: with `--json` its view with the sending under `service`.
    func show(_ entry: SafeTransactionEntry, _ sent: ServiceProposal, _ global: GlobalOptions) throws {
        guard !global.json else {
            guard case .object(let members) = try Output.json(SafeProposalView(entry)) else { return }
            return global.output.emit(members.map { ($0.key, $0.value) } + [("service", try Output.json(ServiceProposalView(sent)))])
        }
        Console.current.out("Proposed: \(UntrustedText.visible(entry.summary))\nnonce:      \(entry.transaction.nonce)\nsafeTxHash: \(Hex.encode(entry.safeTxHash))")
        Console.current.out(Self.line(sent, host: try service.endpoint().host))
    }

    /// The human line for `sent`.
    static func line(_ sent: ServiceProposal, host: String) -> String {
        let who = sent.delegator.map { "proposer \(sent.sender.checksummed), for owner \($0.checksummed)" } ?? "owner \(sent.sender.checksummed)"
        return "Sent to \(host) by \(who); owner signatures posted: \(sent.owners.count)"
    }
}
