import ArgumentParser

/// `bifrost util`: hashing, checksums and unit conversion.
struct UtilCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "util",
        abstract: "Hashes, address checksums and unit conversion (offline).",
        subcommands: [KeccakCommand.self, ChecksumCommand.self, ToWeiCommand.self, FromWeiCommand.self]
    )
}
