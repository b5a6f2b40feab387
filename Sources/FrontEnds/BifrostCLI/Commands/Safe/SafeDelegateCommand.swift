import ArgumentParser
import Foundation
import Services

/// `bifrost safe delegate`: a Safe's proposers on a Transaction Service.
struct SafeDelegateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delegate",
        abstract: "Add, list or remove a Safe's proposers (the service's delegates): addresses that may propose but not sign.",
        discussion: """
        A proposer sends transactions to the Transaction Service for the owners to sign; its signature \
        proves who sent it and is never an owner's confirmation. An owner adds one for this Safe, or with \
        --owner-wide for every Safe it owns, by signing the service's Delegate message with its vault key \
        (good for this hour). Works with any Transaction Service, 'bifrost serve' included.

        Examples:
          bifrost safe delegate add 0x1d5e…d5e1 --delegate 0x90F7…b906 --label "payroll bot" --key alice --service-url http://127.0.0.1:8600
          bifrost safe delegate list 0x1d5e…d5e1 --service-url http://127.0.0.1:8600
          bifrost safe propose 0x1d5e…d5e1 --to 0x7099…79C8 --value 0.1ether --key bot --service-url http://127.0.0.1:8600
          bifrost safe delegate remove 0x1d5e…d5e1 --delegate 0x90F7…b906 --key alice --service-url http://127.0.0.1:8600
        """,
        subcommands: [SafeDelegateAddCommand.self, SafeDelegateListCommand.self, SafeDelegateRemoveCommand.self]
    )

    /// One proposer as a line: the delegate, its label (outside text), for which Safes, by whom, until when.
    static func line(_ d: SafeDelegate) -> String {
        let scope = d.isOwnerWide ? "every Safe of" : "this Safe, by"
        let until = d.expiry.map { "  until \($0.formatted(.iso8601))" } ?? ""
        return "\(d.delegate.checksummed)  \"\(UntrustedText.visible(d.label))\"  \(scope) \(d.delegator.checksummed)\(until)"
    }
}
