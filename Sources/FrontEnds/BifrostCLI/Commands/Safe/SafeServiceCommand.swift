import ArgumentParser
import Foundation
import Services

/// `bifrost safe service`: signatures through a Safe Transaction Service.
struct SafeServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Share transactions and signatures through a Safe Transaction Service instead of files.",
        discussion: """
        Everything the service returns is verified here: hashes are recomputed and signatures \
        recovered; approved hashes and contract signatures are checked on chain. Safe's hosted service \
        is https://api.safe.global/tx-service/SHORTNAME (eth, sep, base, …) and needs an API key.

        Examples:
          bifrost safe service propose 0x5f3a…9c1e --service-url https://api.safe.global/tx-service/sep --api-key-file ~/.safe-api-key
          bifrost safe service list 0x1d5e…d5e1 --service-url https://api.safe.global/tx-service/sep --api-key-file ~/.safe-api-key
        """,
        subcommands: [SafeServiceProposeCommand.self, SafeServiceConfirmCommand.self, SafeServiceListCommand.self]
    )
}
