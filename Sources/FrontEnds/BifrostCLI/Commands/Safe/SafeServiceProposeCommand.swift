import ArgumentParser
import Foundation
import Services

/// `bifrost safe service propose`.
struct SafeServiceProposeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propose", abstract: "Propose a signed transaction to the service, with every signature collected here.")
    @OptionGroup var post: ServicePostOptions

    func run() async throws { try await post.run(propose: true) }
}
