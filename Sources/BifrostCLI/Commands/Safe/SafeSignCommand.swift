import ArgumentParser
import BigInt
import Services

/// `bifrost safe sign`.
struct SafeSignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a proposed or imported Safe transaction with a vault key; works offline.",
        discussion: "A key that is not an owner of the Safe is refused before the password is asked.\n\nExample: bifrost safe sign 0x5f3a…9c1e --key alice"
    )
    @Argument(help: ArgumentHelp("The transaction's safeTxHash.", valueName: "safe-tx-hash"))
    var safeTxHash: SafeTxHashValue
    @Option(help: "The owner's vault key.")
    var key: String
    @OptionGroup var password: PasswordOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let hash = safeTxHash.bytes
        let name = key, passwords = password
        let c = try await global.services().dispatcher.dispatch(SignSafeTransaction(safeTxHash: hash, keyName: key,
                                                                                    password: { try passwords.unlock(name) }))
        global.output.emit([
            ("signer", .string(c.signature?.owner.checksummed ?? "")), ("signature", .string(c.signature.map { Hex.encode($0.bytes) } ?? "")),
            ("confirmations", .number(String(c.confirmations))), ("threshold", .number(String(c.threshold))),
        ])
        if !global.json {
            Console.current.err(BigUInt(c.confirmations) >= c.threshold
                ? "Ready: bifrost safe execute \(Hex.encode(hash)) --key NAME"
                : "Needs \(c.threshold - BigUInt(c.confirmations)) more: bifrost safe export \(Hex.encode(hash)) --out FILE, and pass it on")
        }
    }
}
