import AppCore

/// The dashboard's words for the core's errors. The layers below word an error without naming any
/// front end's controls; here the dashboard adds its own buttons, fields and pages, as the CLI's
/// `ErrorWording` adds its flags and commands.
enum ErrorWording {
    /// The line a page shows for `error` (a feature's error is read for what it holds): the
    /// dashboard's words where it has them, else the error's own description.
    static func text(for error: any Error) -> String {
        let worded: String? = switch error {
        case let e as FeatureError: text(for: e.underlying)
        case let e as FeatureProblem: problem(e)
        case let e as ChainError: chain(e)
        case let e as SafeError: safe(e)
        case let e as SafeSetupError: setup(e)
        case let e as VaultError: vault(e)
        case let e as LedgerError: ledger(e)
        default: nil
        }
        return worded ?? String(describing: error)
    }

    static func problem(_ problem: FeatureProblem) -> String? {
        switch problem {
        case .noTransactionService:
            return "no Transaction Service is set; start the dashboard with --service-url URL to share through one"
        case .phraseMismatch, .unavailable:
            return nil
        }
    }

    static func chain(_ error: ChainError) -> String? {
        switch error {
        case .noNetwork:
            return "no network selected: choose one with Use under Settings → Networks, or add one there"
        case .unknownNetwork:
            return "\(error) (Settings lists the networks)"
        case .timeout:
            return "\(error); once it is, the Safe's page shows it in its history"
        default:
            return nil
        }
    }

    static func safe(_ error: SafeError) -> String? {
        switch error {
        case .unknownSafe(let a):
            return "\(a.checksummed) is not followed here; add it first with Add Safe on the Safes page"
        case .unknownTransaction:
            return "\(error) (the Safe's page lists its queue)"
        case .noContracts(let what, let id):
            return "no \(what) address is known for chain \(id); add the network with its deployments: bifrost network add NAME --rpc-url URL --deployments FILE"
        case .alreadyDeployed(let a):
            return "a contract already exists at \(a.checksummed); press Deploy again, which picks another salt"
        case .noSignatureToPropose:
            return "\(error) with Sign on this page"
        case .notEnoughSignatures:
            return "\(error). Pass the transaction on with Export file on its page"
        case .alreadySigned(let owner, let key):
            return "your key \(key) (\(owner.checksummed)) has already signed this transaction; nothing changed. Choose another key, or Export file for the next owner"
        default:
            return nil
        }
    }

    static func vault(_ error: VaultError) -> String? {
        switch error {
        case .notFound: return "\(error) (Settings lists the keys)"
        case .nameTaken: return "\(error); choose another Name"
        default: return nil
        }
    }
}
