import Services

/// The command line's words for the core's errors. The layers below word an error without naming
/// any front end's controls; here the CLI adds its flags and the command to try next.
enum ErrorWording {
    /// The CLI's line for `error`, or nil when the error's own description already says it all.
    static func text(for error: any Error) -> String? {
        switch error {
        case let e as ChainError: return chain(e)
        case let e as SafeError: return safe(e)
        case let e as SafeSetupError: return setup(e)
        case let e as TransactionDraftError: return draft(e)
        case let e as SigningKeyError: return signingKey(e)
        case let e as VaultError: return keyStore(e)
        case let e as SafeDelegateError: return delegate(e)
        case let e as LedgerError: return ledger(e)
        default: return nil
        }
    }

    static func chain(_ error: ChainError) -> String? {
        switch error {
        case .noNetwork:
            return "no network selected: give --rpc-url URL or --network NAME, or pick one with 'bifrost network use NAME'"
        case .unknownNetwork:
            return "\(error) (see 'bifrost network list')"
        case .timeout(let hash, _):
            return "\(error) (see 'bifrost tx status \(hash)')"
        default:
            return nil
        }
    }

    static func safe(_ error: SafeError) -> String? {
        switch error {
        case .unknownSafe(let a):
            return "\(a.checksummed) is not followed here; add it first with 'bifrost safe add \(a.checksummed)'"
        case .unknownTransaction:
            return "\(error) ('bifrost safe queue SAFE' lists them)"
        case .noContracts(let what, let id):
            return "no \(what) address is known for chain \(id); add the network with --deployments FILE"
        case .alreadyDeployed(let a):
            return "a contract already exists at \(a.checksummed); choose another --salt"
        case .noSignatureToPropose(let h):
            return "Safe transaction \(h) has no owner signature yet; sign it first with 'bifrost safe sign \(h) --key NAME'"
        default:
            return nil
        }
    }

    static func delegate(_ error: SafeDelegateError) -> String? {
        guard case .notOwnerOrDelegate(let signer, let safe) = error else { return nil }
        return "\(error); an owner adds it with 'bifrost safe delegate add \(safe.checksummed) --delegate \(signer.checksummed) --label TEXT --key OWNER'"
    }

    static func draft(_ error: TransactionDraftError) -> String {
        switch error {
        case .missingFees:
            return "give --gas-price for a legacy transaction, or --max-fee-per-gas and --max-priority-fee-per-gas for EIP-1559"
        case .mixedFeeModels:
            return "--gas-price cannot be combined with --max-fee-per-gas or --max-priority-fee-per-gas"
        case .incompleteDynamicFees:
            return "EIP-1559 needs both --max-fee-per-gas and --max-priority-fee-per-gas"
        case .priorityAboveMaxFee:
            return "--max-priority-fee-per-gas cannot exceed --max-fee-per-gas"
        }
    }

    static func signingKey(_ error: SigningKeyError) -> String? {
        switch error {
        case .none:
            return "no signing key: give --key NAME, --private-key-file FILE or --private-key HEX, or set \(SigningKeySource.environmentVariable)"
        case .ambiguous(let given):
            return "give only one signing key, got \(given.map(flag).joined(separator: " and "))"
        case .invalid(.text):
            return "the private key from --private-key is not a valid secp256k1 key (expected 32 bytes of hex)"
        default:
            return nil
        }
    }

    static func keyStore(_ error: VaultError) -> String? {
        guard case .notFound = error else { return nil }
        return "\(error) (see 'bifrost key list')"
    }

    /// The option that gives a key from `origin`.
    static func flag(_ origin: SigningKeyOrigin) -> String {
        switch origin {
        case .vault: return "--key"
        case .text: return "--private-key"
        case .file: return "--private-key-file"
        case .environment: return SigningKeySource.environmentVariable
        }
    }
}
