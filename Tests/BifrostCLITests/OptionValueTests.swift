@testable import BifrostCLI
import Testing

/// Option values are typed (`ExpressibleByArgument`) and parsed once by ArgumentParser; a bad one
/// still fails with exit 1 and "OPTION: reason", as hand parsing in each command did.
@Suite("bifrost: typed option values")
struct OptionValueTests {
    @Test("serve refuses a listen address that is not HOST:PORT and a database it cannot serve from, exit 64, before anything starts",
          arguments: [
        (["serve", "--listen", "8000"], "error: --listen: '8000' is not HOST:PORT, such as 127.0.0.1:8000 (see --help)"),
        (["serve", "--listen", "127.0.0.1:70000"], "error: --listen: '127.0.0.1:70000' is not HOST:PORT, such as 127.0.0.1:8000 (see --help)"),
        (["serve", "--database", "mysql://bifrost@db/serve"],
         "error: --database: a co-signing database is sqlite:PATH or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require] (see --help)"),
        // The URL's password is not repeated back.
        (["serve", "--database", "postgres://bob:s3cret@/db"],
         "error: --database: not a PostgreSQL URL: the host is empty or has characters a host name cannot have; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require] (see --help)"),
        (["serve", "--rate-limit", "0"], "error: --rate-limit: give a positive number of requests per minute (see --help)"),
        (["serve", "--webhook-expiry", "0"], "error: --webhook-expiry: give a number of hours above 0, at most 876000 (see --help)"),
        (["serve", "--webhook-expiry", "1e300"], "error: --webhook-expiry: give a number of hours above 0, at most 876000 (see --help)"),
        (["serve", "--webhook-expiry", "nan"], "error: --webhook-expiry: give a number of hours above 0, at most 876000 (see --help)"),
        (["serve", "--webhook-lease", "0"], "error: --webhook-lease: give a number of seconds from 1 to 3600 (see --help)"),
    ])
    func serveRefused(arguments: [String], line: String) async {
        let r = await runCLIArray(arguments)
        #expect(r.code == 64)
        #expect(r.err.first == line)
    }

    @Test("a bad value names its option or argument and says why, exit 1", arguments: [
        (["util", "checksum", "0x12"], "error: ADDRESS: an address has 20 bytes (40 hex digits), got 2 hex digits"),
        (["safe", "sign", "0x1234", "--key", "k"], "error: SAFE_TX_HASH: a safeTxHash is 32 bytes, this is 2"),
        (["safe", "create", "--key", "k", "--owners", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,0x12", "--threshold", "1"],
         "error: --owners: an address has 20 bytes (40 hex digits), got 2 hex digits"),
        (["util", "to-wei", "1.5foo"], "error: AMOUNT: unknown unit 'foo' (use one of: wei, kwei, mwei, gwei, szabo, finney, ether)"),
        (["tx", "decode", "0xzz"], "error: RAW: invalid hex character 'z'"),
        (["safe", "tx-hash", "--safe", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--chain-id", "1", "--nonce", "0",
          "--to", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--value", "1", "--operation", "7"], "error: --operation: '7' is not call or delegatecall"),
        (["safe", "tx-hash", "--safe", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--chain-id", "1", "--nonce", "0",
          "--to", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--value", "1", "--safe-version", "9.9"],
         "error: --safe-version: '9.9' is not a Safe version (1.3.0, 1.4.1 or 1.5.0)"),
        (["safe", "create", "--key", "k", "--owners", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "--threshold", "1", "--safe-version", "1.2.0"],
         "error: --safe-version: '1.2.0' is not a Safe version Bifrost supports (1.0.0, 1.1.1, 1.3.0, 1.4.1, 1.5.0)"),
    ])
    func refused(arguments: [String], line: String) async {
        let r = await runCLIArray(arguments)
        #expect(r.code == 1)
        #expect(r.err == [line])
    }

    @Test("the label comes from ArgumentParser's synopsis; a message that is not a refused value is left alone")
    func wording() {
        let refused = RefusedValues()
        refused.record("x'y", reason: "why")
        #expect(RefusedValueWording.line(for: "The value 'x'y' is invalid for '--to <to>'", refused: refused) == "--to: why")
        #expect(RefusedValueWording.line(for: "The value 'x'y' is invalid for '<safe-tx-hash>'", refused: refused) == "SAFE_TX_HASH: why")
        #expect(RefusedValueWording.line(for: "The value 'other' is invalid for '--to <to>'", refused: refused) == nil)
        #expect(RefusedValueWording.line(for: "Missing expected argument '<safe>'", refused: refused) == nil)
    }
}
