import BigInt
import SafeKit
import Storage

/// Why a Safe operation was refused. Every case is one line and says what to do next, in words no
/// front end owns: the CLI adds its commands and flags when it renders one.
public enum SafeError: Error, Equatable, Sendable, CustomStringConvertible {
    case notASafe(Address)
    case unsupportedVersion(address: Address, version: String)
    case unknownSafe(Address)
    case unknownTransaction(String)
    case unknownMessage(String)
    case notAnOwner(signer: Address, safe: Address)
    case notEnoughSignatures(have: Int, need: BigUInt, missing: [Address])
    case nonceUsed(nonce: BigUInt, current: BigUInt)
    case nonceAhead(nonce: BigUInt, current: BigUInt)
    case wrongChain(safeChain: BigUInt, nodeChain: BigUInt)
    case noContracts(String, chainID: BigUInt)
    case alreadyDeployed(Address)
    case singletonVersion(Address, reports: String, expected: SafeVersion)
    case alreadyExecuted(String)
    case importRejected(String)
    case noSignatureToPropose(String)
    case noTokenDecimals(Address)
    /// A batch file or transfer sheet that cannot become this Safe's transaction; the text names the line or item.
    case batchRefused(String)
    /// The token a transfer sheet names on `line` does not answer as an ERC-20 token (no code, no
    /// balanceOf, no decimals).
    case sheetTokenRefused(line: Int, token: Address)
    /// The signature gate did not let a signature count; the text names the owner and why.
    case signatureRefused(String)
    /// The key named `key` (owner `owner`) already signed this transaction, so signing again adds nothing.
    case alreadySigned(owner: Address, key: String)
    /// A batch execution whose transactions do not follow one another from the Safe's nonce, or are not all ready.
    /// `safe upgrade` cannot propose the upgrade asked for, and says why.
    case upgradeRefused(String)
    case batchNotExecutable(String)

    public var description: String {
        switch self {
        case .notASafe(let a): return "\(a.checksummed) is not a Safe on this chain (no contract, or it does not answer VERSION/getOwners)"
        case .unsupportedVersion(let a, let v): return "\(a.checksummed) is a Safe \(v); Bifrost speaks 1.0.0, 1.1.1, 1.3.0, 1.4.1 and 1.5.0"
        case .unknownSafe(let a): return "\(a.checksummed) is not followed here; add it first"
        case .unknownTransaction(let h): return "no Safe transaction \(h) here; propose it or import its file first"
        case .unknownMessage(let h): return "no Safe message \(h) here; propose it first"
        case .notAnOwner(let signer, let safe): return "\(signer.checksummed) is not an owner of Safe \(safe.checksummed); refusing to sign"
        case .notEnoughSignatures(let have, let need, let missing):
            let who = missing.prefix(5).map(\.checksummed).joined(separator: ", ")
            return "\(have) of \(need) required owner signatures; nothing was sent. Still missing one more from: \(who)"
        case .nonceUsed(let n, let c): return "nonce \(n) is already used (the Safe is at nonce \(c)); this transaction can no longer execute"
        case .nonceAhead(let n, let c): return "the Safe is at nonce \(c); the transactions before nonce \(n) must execute first"
        case .wrongChain(let safe, let node): return "this Safe transaction is for chain \(safe) but the node is chain \(node); refusing"
        case .noContracts(let what, let id): return "no \(what) address is known for chain \(id); add the network with its deployments"
        case .singletonVersion(let a, let reported, let expected):
            return "the Safe singleton \(a.checksummed) reports version \(reported), not \(expected.rawValue); check the network's deployments"
        case .alreadyDeployed(let a): return "a contract already exists at \(a.checksummed); choose another salt"
        case .alreadyExecuted(let h): return "Safe transaction \(h) was already executed"
        case .importRejected(let why): return "import refused: \(why); nothing was imported"
        case .noSignatureToPropose(let h): return "Safe transaction \(h) has no owner signature yet; sign it first"
        case .noTokenDecimals(let t): return "\(t.checksummed) does not report decimals like an ERC-20 token"
        case .batchRefused(let why): return "the batch is refused: \(why); nothing was proposed"
        case .sheetTokenRefused(let line, let token):
            return "the batch is refused: line \(line): \(token.checksummed) does not answer like an ERC-20 token (balanceOf, symbol, decimals); nothing was proposed"
        case .signatureRefused(let why): return "signature not counted: \(why); nothing was stored"
        case .alreadySigned(let owner, let key):
            return "key \(key) (\(owner.checksummed)) already signed this transaction; another owner's signature is needed"
        case .batchNotExecutable(let why): return "the batch cannot execute: \(why); nothing was sent"
        case .upgradeRefused(let why): return "no upgrade proposed: \(why)"
        }
    }
}

/// Readable names for the Safe contracts' `GSxxx` revert codes.
enum SafeRevertCodes {
    static let meanings: [String: String] = [
        "GS010": "not enough gas to execute the Safe transaction",
        "GS011": "could not pay the gas costs with ether",
        "GS012": "could not pay the gas costs with the token",
        "GS013": "the Safe transaction's inner call failed",
        "GS020": "signatures data too short",
        "GS021": "invalid contract signature location: inside static part",
        "GS022": "invalid contract signature location: length not present",
        "GS023": "invalid contract signature location: data not complete",
        "GS024": "invalid contract signature provided",
        "GS025": "hash has not been approved",
        "GS026": "invalid owner provided (signatures not from owners, or not sorted)",
        "GS030": "only owners can approve a hash",
        "GS031": "method can only be called from this contract",
        "GS200": "owners have already been set up",
        "GS201": "threshold cannot exceed owner count",
        "GS202": "threshold needs to be greater than 0",
        "GS203": "invalid owner address provided",
        "GS204": "address is already an owner",
        "GS205": "invalid prevOwner, owner pair provided",
    ]

    /// `GS013` becomes `GS013: the Safe transaction's inner call failed`.
    static func describe(_ reason: String) -> String {
        guard let code = meanings.keys.first(where: { reason.contains($0) }) else { return reason }
        return "\(code): \(meanings[code]!)"
    }
}
