@testable import BifrostCLI
import Services
import Testing

/// The CLI words the core's errors with its own flags and commands: these lines are what users and
/// scripts read, so they are pinned here exactly.
@Suite("The CLI adds its flags and commands to the core's errors")
struct ErrorWordingTests {
    static let a = Address(word: [UInt8](repeating: 0x11, count: 32))

    @Test("each error that calls for a next step gets the CLI's flag or command")
    func hints() {
        let cases: [(any Error, String)] = [
            (ChainError.noNetwork, "no network selected: give --rpc-url URL or --network NAME, or pick one with 'bifrost network use NAME'"),
            (ChainError.unknownNetwork("main"), "no network named 'main' (see 'bifrost network list')"),
            (ChainError.timeout(hash: "0xab", seconds: 5), "no receipt for 0xab after 5 s; it may still be mined (see 'bifrost tx status 0xab')"),
            (SafeError.unknownSafe(Self.a), "\(Self.a.checksummed) is not followed here; add it first with 'bifrost safe add \(Self.a.checksummed)'"),
            (SafeError.unknownTransaction("0xab"), "no Safe transaction 0xab here; propose it or import its file first ('bifrost safe queue SAFE' lists them)"),
            (SafeError.noContracts("proxy factory", chainID: 5), "no proxy factory address is known for chain 5; add the network with --deployments FILE"),
            (SafeError.alreadyDeployed(Self.a), "a contract already exists at \(Self.a.checksummed); choose another --salt"),
            (SafeError.noSignatureToPropose("0xab"), "Safe transaction 0xab has no owner signature yet; sign it first with 'bifrost safe sign 0xab --key NAME'"),
            (TransactionDraftError.missingFees, "give --gas-price for a legacy transaction, or --max-fee-per-gas and --max-priority-fee-per-gas for EIP-1559"),
            (TransactionDraftError.mixedFeeModels, "--gas-price cannot be combined with --max-fee-per-gas or --max-priority-fee-per-gas"),
            (TransactionDraftError.incompleteDynamicFees, "EIP-1559 needs both --max-fee-per-gas and --max-priority-fee-per-gas"),
            (TransactionDraftError.priorityAboveMaxFee, "--max-priority-fee-per-gas cannot exceed --max-fee-per-gas"),
            (SigningKeyError.none, "no signing key: give --key NAME, --private-key-file FILE or --private-key HEX, or set BIFROST_PRIVATE_KEY"),
            (SigningKeyError.ambiguous([.vault, .text, .file("k.hex")]), "give only one signing key, got --key and --private-key and --private-key-file"),
            (SigningKeyError.invalid(.text), "the private key from --private-key is not a valid secp256k1 key (expected 32 bytes of hex)"),
            (SigningKeyError.invalid(.file("k.hex")), "the private key from k.hex is not a valid secp256k1 key (expected 32 bytes of hex)"),
            (SigningKeyError.invalid(.environment), "the private key from BIFROST_PRIVATE_KEY is not a valid secp256k1 key (expected 32 bytes of hex)"),
            (VaultError.notFound("raw"), "no key named 'raw' (see 'bifrost key list')"),
        ]
        for (error, line) in cases {
            #expect(BifrostMain.oneLine(error) == line)
        }
    }

    @Test("an error with nothing to add keeps its own words")
    func passThrough() {
        #expect(BifrostMain.oneLine(SafeError.alreadyExecuted("0xab")) == "Safe transaction 0xab was already executed")
        #expect(BifrostMain.oneLine(ChainError.wouldRevert("GS013")) == "the transaction would fail (GS013); nothing was sent")
        #expect(BifrostMain.oneLine(VaultError.nameTaken("a")) == "a key named 'a' already exists")
    }
}
