import ArgumentParser
import Foundation
import Services

/// `bifrost safe service confirm`.
struct SafeServiceConfirmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm", abstract: "Post the signatures collected here to a transaction already on the service.")
    @OptionGroup var post: ServicePostOptions

    func run() async throws { try await post.run(propose: false) }
}
