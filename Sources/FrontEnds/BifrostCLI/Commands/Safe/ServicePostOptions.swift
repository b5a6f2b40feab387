import ArgumentParser
import Foundation
import Services

/// What `service propose` and `service confirm` take; they differ only in whether the first signature proposes.
struct ServicePostOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @OptionGroup var service: ServiceOptions
    @OptionGroup var global: GlobalOptions

    func run(propose: Bool) async throws {
        let owners = try await global.services().dispatcher.dispatch(PostSafeSignatures(
            safeTxHash: safeTxHash.bytes, service: try service.endpoint(), propose: propose))
        try global.output.emit(view: ServicePostView(safeTxHash: safeTxHash.bytes, owners: owners))
    }
}
